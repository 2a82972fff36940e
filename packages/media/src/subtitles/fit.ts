import type { SubtitleStyle } from './styles.ts';

/** The caption's side margins (the style's MarginL and MarginR): text wider than the space between runs off the frame. */
export const captionSideMargin = 70;
const safeWidth = 1080 - 2 * captionSideMargin;

/**
 * Advance widths in ems, rounded up for the heaviest of the styles' fonts (League Spartan Black, Inter Black), so a
 * word judged to fit really does. libass has the real metrics, but the ASS script is written before it runs.
 */
function charEms(char: string): number {
  if ('MWmw@%'.includes(char)) return 1;
  if ('iIjlt.,:;!|\'’`'.includes(char) || char === 'f' || char === 'r') return 0.42;
  if (char === ' ') return 0.3;
  if (char !== char.toLowerCase()) return 0.8;
  return 0.66;
}

/** Width in 1080-wide pixels a word takes at this size, its outline on both sides included. */
export function wordWidth(text: string, fontSize: number, style: SubtitleStyle): number {
  const ems = [...text].reduce((sum, char) => sum + charEms(char), 0);
  return ems * fontSize + 2 * style.outline;
}

/**
 * Percent to scale a caption by so its widest word, grown by the spoken-word pop, fits between the side margins.
 * libass wraps lines only at spaces, so one long word (a web address, a German compound) would otherwise run off both
 * edges. The whole caption shares one scale, so it does not change size from word to word.
 */
export function fitScale(words: readonly string[], fontSize: number, style: SubtitleStyle): number {
  const pop = (style.popScale ?? 100) / 100;
  const widest = Math.max(0, ...words.map((w) => wordWidth(w, fontSize, style) * pop));
  return widest <= safeWidth ? 100 : Math.floor((100 * safeWidth) / widest);
}
