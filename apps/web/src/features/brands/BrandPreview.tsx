import { brandLogoWidths, type BrandFields } from '@reelsmith/contracts';
import type { CSSProperties } from 'react';
import { captionStyle, fontStack, framePx } from './captionLooks.ts';

/** A caption as the brand's videos show it; the brand's secondary colour marks the emphasised word. */
const sampleCaption = ['Your', 'next', 'customer', 'is', 'scrolling', 'right', 'now'];
const emphasised = 2;
/** The renderer's margins on the 1080x1920 frame: the logo's distance from the edges, the caption above the app bar. */
const logoMargin = 40;
const captionBottom = 340;
const captionSize = 80;

const neutralStill = 'linear-gradient(160deg, #4b3a78 0%, #1f2a44 55%, #101521 100%)';

function logoPlacement(corner: NonNullable<BrandFields['logo']>['position']): CSSProperties {
  const [vertical, horizontal] = corner.split('-') as ['top' | 'bottom', 'left' | 'right'];
  return { [vertical]: framePx(logoMargin), [horizontal]: framePx(logoMargin) };
}

function LogoMark({ fields, logoUrl }: { fields: BrandFields; logoUrl: string | null }) {
  const placement = fields.logo;
  if (!placement) return null;
  const style: CSSProperties = { ...logoPlacement(placement.position), width: framePx(brandLogoWidths[placement.size]), opacity: placement.opacity };
  if (logoUrl) return <img src={logoUrl} alt="" data-testid="preview-logo" className="absolute h-auto object-contain" style={style} />;
  // No logo yet: where it will go, so the placement can be chosen first.
  return (
    <span
      data-testid="preview-logo"
      className="absolute flex aspect-[2/1] items-center justify-center rounded border-2 border-dashed border-white/80 text-[length:4cqw] font-semibold text-white"
      style={style}
    >
      Logo
    </span>
  );
}

/**
 * The live 9:16 look of the brand beside its form: a library still (or a neutral gradient), the logo where and as big
 * as it is placed, a caption in the brand's caption style with its accent word, and the end card.
 */
export function BrandPreview({ fields, logoUrl, still }: { fields: BrandFields; logoUrl: string | null; still: string | null }) {
  const caption = captionStyle(fields.caption_style);
  const name = fields.name.trim() || 'this brand';
  return (
    <div className="flex items-start gap-4">
      <figure className="flex w-full max-w-[15rem] min-w-0 flex-1 flex-col gap-2">
        <div
          role="img"
          aria-label={`Preview of ${name} on a video: ${fields.caption_style} captions, logo ${fields.logo ? `${fields.logo.position.replace('-', ' ')}, ${fields.logo.size}` : 'off'}`}
          className="relative aspect-[9/16] w-full overflow-hidden rounded-2xl bg-gray-800 shadow-md [container-type:inline-size]"
          // The gradient stays under the still, so a still that fails to load leaves the neutral look, not a grey box.
          style={{ backgroundImage: still ? `url("${still}"), ${neutralStill}` : neutralStill, backgroundSize: 'cover', backgroundPosition: 'center' }}
        >
          <LogoMark fields={fields} logoUrl={logoUrl} />
          <p
            aria-hidden="true"
            data-testid="preview-caption"
            className="absolute text-center leading-[1.2]"
            style={{ ...caption.text, left: framePx(70), right: framePx(70), bottom: framePx(captionBottom), fontSize: framePx(captionSize) }}
          >
            <span style={caption.box ?? undefined}>
              {sampleCaption.map((word, i) => (
                <span key={word}>
                  {i > 0 && ' '}
                  <span data-emphasis={i === emphasised || undefined} style={i === emphasised ? { color: fields.colors.secondary } : undefined}>
                    {word}
                  </span>
                </span>
              ))}
            </span>
          </p>
        </div>
        <figcaption className="text-xs text-muted">Preview: the caption style, accent colour and logo placement.</figcaption>
      </figure>
      <EndCardThumbnail fields={fields} logoUrl={logoUrl} />
    </div>
  );
}

/** The closing card: the brand's primary colour, its line in the heading font, the contact in the body font and accent. */
function EndCardThumbnail({ fields, logoUrl }: { fields: BrandFields; logoUrl: string | null }) {
  const { colors, fonts } = fields;
  const line = fields.cta_text.trim();
  return (
    // The figure is the size container: the card's own padding and gap are lengths of its width.
    <figure className="flex w-24 shrink-0 flex-col gap-2 [container-type:inline-size] sm:w-28">
      <div
        role="img"
        aria-label={line ? `End card: ${line}${fields.cta_contact.trim() ? `, ${fields.cta_contact.trim()}` : ''}` : 'No end card yet'}
        className="flex aspect-[9/16] w-full flex-col items-center justify-center gap-[6cqw] overflow-hidden rounded-xl px-[8cqw] text-center shadow-md ring-1 ring-black/10"
        style={{ backgroundColor: line ? colors.primary : '#e5e7eb' }}
      >
        {line ? (
          <>
            {logoUrl && fields.logo && <img src={logoUrl} alt="" className="w-[45cqw] object-contain" />}
            <p aria-hidden="true" className="text-[length:13cqw] leading-tight font-bold [overflow-wrap:anywhere]" style={{ fontFamily: fontStack(fonts.heading), color: colors.text }}>
              {line}
            </p>
            <span aria-hidden="true" className="h-[1.2cqw] w-[15cqw]" style={{ backgroundColor: colors.secondary }} />
            {fields.cta_contact.trim() && (
              <p aria-hidden="true" className="text-[length:9cqw] leading-tight font-semibold [overflow-wrap:anywhere]" style={{ fontFamily: fontStack(fonts.body), color: colors.text }}>
                {fields.cta_contact.trim()}
              </p>
            )}
          </>
        ) : (
          <p aria-hidden="true" className="text-[length:10cqw] leading-tight text-gray-600">
            No end card
          </p>
        )}
      </div>
      <figcaption className="text-xs font-semibold text-muted">End card</figcaption>
    </figure>
  );
}
