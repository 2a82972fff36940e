import type { CueWord, SubtitleStylePreview } from '@reelsmith/contracts';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { assColourToCss, outlineShadows, parseStyleString } from './styleString.ts';

/** Before there are captions, the look is shown on words of its own. */
const sampleWords: CueWord[] = 'Turn every scroll into a customer with captions people actually read'.split(' ').map((text) => ({ text }));
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

/** The word being "spoken": it advances like a voice over `count` words, or rests on `rest` for reduced motion. */
function useSpokenWord(reduced: boolean, count: number, rest: number): number {
  const [spoken, setSpoken] = useState(rest);
  useEffect(() => {
    setSpoken(rest);
    if (reduced) return;
    const timer = setInterval(() => setSpoken((i) => (i + 1) % count), wordMs);
    return () => clearInterval(timer);
  }, [reduced, count, rest]);
  return reduced ? rest : Math.min(spoken, count - 1);
}

/**
 * The project's picture at `time`: its video seeked there. Library backgrounds loop under a longer voiceover, so a
 * time past the video's end wraps round as the render does.
 */
function useSeek(time: number | null) {
  const video = useRef<HTMLVideoElement>(null);
  const [seeked, setSeeked] = useState(false);
  useEffect(() => {
    const element = video.current;
    if (!element || time === null) return;
    const seek = () => {
      const length = element.duration;
      element.currentTime = Number.isFinite(length) && length > 0 ? time % length : time;
    };
    if (element.readyState >= HTMLMediaElement.HAVE_METADATA) seek();
    element.addEventListener('loadedmetadata', seek);
    return () => element.removeEventListener('loadedmetadata', seek);
  }, [time]);
  return { video, seeked, onSeeked: () => setSeeked(true) };
}

/**
 * libass never wraps inside a word, and a word wider than the frame is shrunk to fit (packages/media fit.ts); the
 * preview does the same from the words' drawn widths, so what the user sees is what the render will do.
 */
function useFitScale(caption: RefObject<HTMLParagraphElement | null>, key: string, pop: number): number {
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const box = caption.current;
    if (!box) return;
    const widths = [...box.querySelectorAll<HTMLElement>('[data-word]')].map((w) => w.getBoundingClientRect().width * (w.dataset.spoken ? 1 : pop));
    const natural = Math.max(0, ...widths) / scale;
    const next = natural > box.clientWidth ? box.clientWidth / natural : 1;
    if (Math.abs(next - scale) > 0.01) setScale(next);
  }, [caption, key, pop, scale]);
  return scale;
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

/** The caption the preview shows: its time in the video and its words, with their emphasis colours. */
export interface PreviewCue {
  start: number;
  words: CueWord[];
}

/** A little into the caption, so the frame is one the caption is really shown over. */
const intoCue = 0.05;

/**
 * SPEC §2 live style preview: a 9:16 frame of the project's own video at the chosen caption's time (`videoUrl`,
 * seeked there), with that caption's words placed, sized and styled from /api/subtitle-preview-style. Before there
 * are captions it shows sample words `wordsPerChunk` at a time. Animated styles colour (and grow) the word being
 * spoken, as the final video does.
 */
export function CaptionPreview(props: CaptionLookProps & { wordsPerChunk: number; styleName: string; cue: PreviewCue | null; videoUrl: string | null }) {
  const { preview, wordsPerChunk, styleName, cue } = props;
  const reduced = usePrefersReducedMotion();
  const all = cue ? cue.words : sampleWords;
  const spoken = useSpokenWord(reduced, all.length, cue ? 0 : 1);
  const chunkStart = cue ? 0 : Math.floor(spoken / wordsPerChunk) * wordsPerChunk;
  const words = cue ? all : all.slice(chunkStart, chunkStart + wordsPerChunk);
  const { text, box } = captionTextStyle(preview);
  const highlight = preview.highlight_colour ? assColourToCss(preview.highlight_colour) : null;
  const pop = preview.pop_scale ? preview.pop_scale / 100 : 1;
  const animated = highlight !== null || pop !== 1;
  const { video, seeked, onSeeked } = useSeek(props.videoUrl ? (cue?.start ?? 0) + intoCue : null);
  const caption = useRef<HTMLParagraphElement>(null);
  const scale = useFitScale(caption, `${words.map((w) => w.text).join(' ')}|${preview.font_size}|${styleName}`, pop);

  return (
    <div
      role="img"
      aria-label={`Preview of the ${styleName} subtitle style${cue ? ' on your video' : ''}`}
      className="relative aspect-[9/16] w-full overflow-hidden rounded-2xl bg-[linear-gradient(160deg,#4b3a78_0%,#1f2a44_55%,#101521_100%)] shadow-md [container-type:inline-size]"
    >
      {props.videoUrl && (
        <video
          ref={video}
          src={props.videoUrl}
          muted
          playsInline
          preload="auto"
          aria-hidden="true"
          data-testid="caption-preview-video"
          data-seeked={seeked || undefined}
          onSeeked={onSeeked}
          className="absolute inset-0 size-full object-cover"
        />
      )}
      <p
        ref={caption}
        aria-hidden="true"
        data-testid="caption-preview-text"
        className="absolute text-center leading-[1.2]"
        style={{ ...text, left: px(70), right: px(70), bottom: px(preview.margin_v), fontSize: px(preview.font_size * scale) }}
      >
        <span style={box ?? undefined}>
          {words.map((word, i) => {
            const isSpoken = animated && chunkStart + i === spoken;
            const colour = isSpoken ? (highlight ?? undefined) : word.colour;
            return (
              <span key={`${chunkStart + i}`}>
                {i > 0 && ' '}
                {/* A larger font, not a transform: like libass's \fscx, the grown word pushes its neighbours aside. */}
                <span
                  data-word=""
                  data-spoken={isSpoken || undefined}
                  data-emphasis={word.colour}
                  style={{ color: colour, fontSize: isSpoken ? `${pop}em` : undefined }}
                >
                  {word.text}
                </span>
              </span>
            );
          })}
        </span>
      </p>
    </div>
  );
}
