import { brandEndpoints, endpointUrl, type Brand } from '@reelsmith/contracts';

/** A short, stable token of what the saved end card shows, so the picture's address changes whenever it would. */
function versionOf(brand: Brand): string {
  const shown = JSON.stringify([brand.colors, brand.fonts, brand.cta_text, brand.cta_contact, brand.logo_url?.split('?')[0] ?? null, brand.uploaded_font]);
  let hash = 5381;
  for (let i = 0; i < shown.length; i++) hash = ((hash << 5) + hash + shown.charCodeAt(i)) | 0;
  return (hash >>> 0).toString(36);
}

/**
 * The saved brand's end card drawn by the server exactly as the final render draws it (its fonts, wrapping and
 * logo), beside the live sketch that follows the form before it is saved.
 */
export function RenderedEndCard({ brand }: { brand: Brand | null }) {
  if (!brand?.cta_text) return null;
  const src = `${endpointUrl(brandEndpoints.endCard.path, { id: brand.id })}?v=${versionOf(brand)}`;
  return (
    <figure className="flex flex-col gap-2">
      <a href={src} target="_blank" rel="noreferrer" className="block w-32 overflow-hidden rounded-xl shadow-md ring-1 ring-black/10 focus-visible:outline-2 focus-visible:outline-accent">
        <img src={src} alt={`End card as your videos show it: ${brand.cta_text}`} width={1080} height={1920} loading="lazy" className="aspect-[9/16] h-auto w-full" />
      </a>
      <figcaption className="text-xs text-muted">The saved end card, as rendered in your videos. Save to see changes here.</figcaption>
    </figure>
  );
}
