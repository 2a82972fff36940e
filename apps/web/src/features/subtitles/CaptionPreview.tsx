import type { SubtitleStylePreview } from '@reelsmith/contracts';
import { useEffect, useState, type CSSProperties } from 'react';
import { assColourToCss, outlineShadows, parseStyleString } from './styleString.ts';

const sampleWords = 'Turn every scroll into a customer with captions people actually read'.split(' ');
/** About the pace of the voices (2.25 words a second, SPEC §9). */
const wordMs = 440;

/** Sizes in the preview response are pixels of a 1080x1920 frame; the box is that frame, scaled to its width. */
const px = (value: number) => `calc(${value} * 100cqw / 1080)`;

function usePrefersReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => globalThis.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const list = globalThis.matchMedia?.(query);
    if (!list) return;
    const update = () => setReduced(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return reduced;
}

/** The word being "spoken" in the sample: it advances like a voice, or rests on the second word for reduced motion. */
function useSpokenWord(reduced: boolean): number {
  const [spoken, setSpoken] = useState(1);
  useEffect(() => {
    if (reduced) return;
    const timer = setInterval(() => setSpoken((i) => (i + 1) % sampleWords.length), wordMs);
    return () => clearInterval(timer);
  }, [reduced]);
  return reduced ? 1 : spoken;
}

export interface CaptionLookProps {
  preview: SubtitleStylePreview;
}

/**
 * The caption's text styling as libass draws it: font, fill, outline (or box) and shadow. `length` turns a size in
 * 1080-wide pixels into a CSS length (the preview frame scales them; a small label may cap them).
 */
export function captionTextStyle(preview: SubtitleStylePreview, length: (value: number) => string = px): { text: CSSProperties; box: CSSProperties | null } {
  const look = parseStyleString(preview.style_string);
  const shadow = preview.shadow > 0 ? [`${length(preview.shadow)} ${length(preview.shadow)} 0 rgba(0, 0, 0, 0.5)`] : [];
  const text: CSSProperties = {
    fontFamily: `"${look.fontName}", "Inter", sans-serif`,
    fontWeight: look.bold ? 700 : 400,
    fontStyle: look.italic ? 'italic' : 'normal',
    color: look.primaryColour,
    textTransform: preview.uppercase ? 'uppercase' : 'none',
    textShadow: (preview.box ? shadow : [...outlineShadows(length(look.outline), look.outlineColour), ...shadow]).join(', ') || 'none',
  };
  const box: CSSProperties | null = preview.box
    ? { backgroundColor: look.outlineColour, padding: `0 ${length(look.outline)}`, boxDecorationBreak: 'clone', WebkitBoxDecorationBreak: 'clone' }
    : null;
  return { text, box };
}

/**
 * SPEC §2 live style preview: a 9:16 frame with sample captions placed, sized and styled from
 * /api/subtitle-preview-style, showing `wordsPerChunk` words at a time; animated styles colour (and grow) the word
 * being spoken, as the final video does.
 */
export function CaptionPreview({ preview, wordsPerChunk, styleName }: CaptionLookProps & { wordsPerChunk: number; styleName: string }) {
  const reduced = usePrefersReducedMotion();
  const spoken = useSpokenWord(reduced);
  const chunkStart = Math.floor(spoken / wordsPerChunk) * wordsPerChunk;
  const words = sampleWords.slice(chunkStart, chunkStart + wordsPerChunk);
  const { text, box } = captionTextStyle(preview);
  const highlight = preview.highlight_colour ? assColourToCss(preview.highlight_colour) : null;
  const pop = preview.pop_scale ? preview.pop_scale / 100 : 1;
  const animated = highlight !== null || pop !== 1;

  return (
    <div
      role="img"
      aria-label={`Preview of the ${styleName} subtitle style`}
      className="relative aspect-[9/16] w-full overflow-hidden rounded-2xl bg-[linear-gradient(160deg,#4b3a78_0%,#1f2a44_55%,#101521_100%)] shadow-md [container-type:inline-size]"
    >
      <p
        aria-hidden="true"
        data-testid="caption-preview-text"
        className="absolute text-center leading-[1.2]"
        style={{ ...text, left: px(70), right: px(70), bottom: px(preview.margin_v), fontSize: px(preview.font_size) }}
      >
        <span style={box ?? undefined}>
          {words.map((word, i) => {
            const isSpoken = animated && chunkStart + i === spoken;
            return (
              <span key={`${chunkStart + i}`}>
                {i > 0 && ' '}
                {/* A larger font, not a transform: like libass's \fscx, the grown word pushes its neighbours aside. */}
                <span data-spoken={isSpoken || undefined} style={isSpoken ? { color: highlight ?? undefined, fontSize: `${pop}em` } : undefined}>
                  {word}
                </span>
              </span>
            );
          })}
        </span>
      </p>
    </div>
  );
}
