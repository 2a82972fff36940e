import { brandEndpoints, brandMessages, endpointUrl, type Brand } from '@reelsmith/contracts';
import { useState } from 'react';

/** A short, stable token of what the saved brand shows, so a picture's address changes whenever it would. */
function versionOf(brand: Brand): string {
  const shown = JSON.stringify([brand.colors, brand.fonts, brand.caption_style, brand.logo, brand.cta_text, brand.cta_contact, brand.logo_url?.split('?')[0] ?? null, brand.uploaded_font]);
  let hash = 5381;
  for (let i = 0; i < shown.length; i++) hash = ((hash << 5) + hash + shown.charCodeAt(i)) | 0;
  return (hash >>> 0).toString(36);
}

function Rendered({ src, alt, caption }: { src: string; alt: string; caption: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <figure className="flex w-32 flex-col gap-2">
      {failed === src ? (
        <p className="flex aspect-[9/16] items-center rounded-xl bg-gray-100 p-2 text-center text-xs text-muted">{brandMessages.previewNotReady}</p>
      ) : (
        <a href={src} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-xl shadow-md ring-1 ring-black/10 focus-visible:outline-2 focus-visible:outline-accent">
          <img src={src} alt={alt} width={540} height={960} loading="lazy" className="aspect-[9/16] h-auto w-full bg-gray-100" onError={() => setFailed(src)} />
        </a>
      )}
      <figcaption className="text-xs text-muted">{caption}</figcaption>
    </figure>
  );
}

/**
 * The saved brand drawn by the server exactly as the final render draws it: a frame of a video (caption style, the
 * spoken word's colour, the logo where placed) and the end card, beside the live sketch that follows the form.
 */
export function RenderedBrand({ brand }: { brand: Brand | null }) {
  if (!brand) return null;
  const version = versionOf(brand);
  const url = (path: string) => `${endpointUrl(path, { id: brand.id })}?v=${version}`;
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-semibold">As rendered in your videos</h4>
      <div className="flex items-start gap-4">
        <Rendered src={url(brandEndpoints.frame.path)} alt={`A video frame in ${brand.name}'s look: ${brand.caption_style} captions`} caption="A video frame" />
        {brand.cta_text && <Rendered src={url(brandEndpoints.endCard.path)} alt={`End card as your videos show it: ${brand.cta_text}`} caption="The end card" />}
      </div>
      <p className="text-xs text-muted">From the saved brand: save to see your changes here.</p>
    </div>
  );
}
