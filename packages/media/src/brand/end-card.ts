import { z } from 'zod';
import { localPathSchema } from '../composition.ts';
import { escapeFilterValue, GraphBuilder } from '../filtergraph.ts';
import { runFfmpeg, type RunOptions } from '../runner.ts';

/**
 * The brand's call-to-action still shown last in a video (composition `endCard`): the logo in the upper third, the
 * call to action large in the heading font, an accent rule, and the website or phone number in the body font.
 */

const hexColour = z.string().regex(/^#[0-9a-f]{6}$/i, 'must be a #rrggbb colour');

export const endCardSpecSchema = z.object({
  /** The call to action, e.g. 'Book your table today'. */
  text: z.string().trim().min(1).max(60),
  /** Website or phone number; '' draws none. */
  contact: z.string().trim().max(80),
  logoPath: localPathSchema.optional(),
  background: hexColour,
  /** The rule between the call to action and the contact. */
  accent: hexColour,
  textColour: hexColour,
  headingFontFile: localPathSchema,
  bodyFontFile: localPathSchema,
});
export type EndCardSpec = z.input<typeof endCardSpecSchema>;

export const endCardSize = { width: 1080, height: 1920 } as const;

/** Text never comes closer than 90 px to either side. */
const textWidth = 900;
/** The logo is fitted into this box, centred in the upper third. */
const logoBox = { width: 520, height: 360, centreY: 340 } as const;
/** The text block starts below the logo box with this much air. */
const belowLogo = logoBox.centreY + logoBox.height / 2 + 90;
/** The lowest sixth is covered by the apps' captions and buttons; the text block stays above it. */
const lowestText = 1560;
const rule = { width: 160, height: 12, gap: 56 } as const;

/**
 * Advance widths in em, rounded up from the widest bold cut of the six shipped families (Inter and Lato for W and M,
 * 1.05 em, Open Sans for lower case), so the estimate of a line is never shorter than what drawtext draws. Narrow
 * families (Bebas Neue) therefore come out smaller than they could.
 */
const wide = new Set('WMmw@%ÆŒæœ');
const narrow = new Set('ilj.,:;\'!|I`"()[]');
function charWidth(c: string): number {
  const base = c.normalize('NFD')[0] ?? c;
  if (wide.has(base)) return 1.1;
  if (narrow.has(base)) return 0.36;
  if (base === ' ') return 0.32;
  if ('frt-'.includes(base)) return 0.5;
  if (/[0-9]/.test(base)) return 0.68;
  if (/[a-z]/.test(base)) return 0.66;
  if (/[A-Z#&?$€£]/.test(base)) return 0.84;
  return 1.05;
}

/** The width `text` takes at `fontSize` pixels, overestimated for any of the shipped fonts. */
export const estimateWidth = (text: string, fontSize: number) => [...text].reduce((sum, c) => sum + charWidth(c), 0) * fontSize;

export interface FittedText {
  fontSize: number;
  lines: string[];
}

export interface TextFit {
  maxSize: number;
  minSize: number;
  maxLines: number;
}
/** Sizes are chosen so that even 60 (heading) or 80 (contact) of the widest characters fit at the smallest size. */
const headingFit: TextFit = { maxSize: 140, minSize: 40, maxLines: 3 };
const contactFit: TextFit = { maxSize: 60, minSize: 28, maxLines: 3 };

/**
 * The largest size at which `text` wraps at spaces into at most `maxLines` lines of `textWidth`; a word too long for
 * a line even at the smallest size is broken between letters there rather than run off the card.
 */
export function fitText(text: string, fit: TextFit): FittedText {
  const clean = text.replace(/\s+/g, ' ').trim();
  for (let fontSize = fit.maxSize; fontSize >= fit.minSize; fontSize -= 2) {
    const lines = wrap(clean, fontSize, false);
    if (lines && lines.length <= fit.maxLines) return { fontSize, lines };
  }
  const lines = wrap(clean, fit.minSize, true)!;
  if (lines.length > fit.maxLines) throw new Error(`'${clean}' does not fit on ${fit.maxLines} lines`);
  return { fontSize: fit.minSize, lines };
}

/**
 * Greedy wrapping at spaces and after slashes (a web address has no spaces); undefined when a piece is wider than a
 * line and may not be broken.
 */
function wrap(text: string, fontSize: number, breakWords: boolean): string[] | undefined {
  const fits = (s: string) => estimateWidth(s.trimEnd(), fontSize) <= textWidth;
  const lines: string[] = [];
  let line = '';
  for (const piece of text.split(/(?<=[ /])/)) {
    if (fits(line + piece)) {
      line += piece;
      continue;
    }
    if (line) lines.push(line.trimEnd());
    line = piece;
    while (!fits(line)) {
      if (!breakWords) return undefined;
      let cut = 1;
      while (fits(line.slice(0, cut + 1))) cut++;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** Line pitch and the room glyphs take above and below their baseline, as fractions of the size (accents, descenders). */
const pitch = 1.22;
const above = 0.95;
const below = 0.27;

export interface EndCardLayout {
  heading: FittedText & { baselines: number[] };
  rule: { y: number };
  contact?: FittedText & { baselines: number[] };
  /** Top of the heading's highest glyph and bottom of the contact's (or the rule's) lowest, in pixels. */
  top: number;
  bottom: number;
}

/**
 * Where everything goes: the block of heading, rule and contact sits in the space between the logo (or the card's top
 * fifth) and the apps' lowest sixth, two fifths of the spare room above it so a short call to action stays near the logo;
 * its lines are a full glyph height apart so they cannot touch.
 */
export function endCardLayout(text: string, contact: string, hasLogo: boolean): EndCardLayout {
  const heading = fitText(text, headingFit);
  const contactText = contact.trim() ? fitText(contact, contactFit) : undefined;
  const headingHeight = (heading.lines.length - 1) * pitch * heading.fontSize + (above + below) * heading.fontSize;
  const contactHeight = contactText ? (contactText.lines.length - 1) * pitch * contactText.fontSize + (above + below) * contactText.fontSize : 0;
  const height = headingHeight + rule.gap + rule.height + (contactText ? rule.gap + contactHeight : 0);
  const from = hasLogo ? belowLogo : 400;
  const top = Math.round(from + Math.max(0, lowestText - from - height) * 0.4);

  const baselines = (f: FittedText, first: number) => f.lines.map((_, i) => Math.round(first + i * pitch * f.fontSize));
  const headingBaselines = baselines(heading, top + above * heading.fontSize);
  const ruleY = Math.round(top + headingHeight + rule.gap);
  const contactTop = ruleY + rule.height + rule.gap;
  return {
    heading: { ...heading, baselines: headingBaselines },
    rule: { y: ruleY },
    ...(contactText ? { contact: { ...contactText, baselines: baselines(contactText, contactTop + above * contactText.fontSize) } } : {}),
    top,
    bottom: Math.round(contactText ? contactTop + contactHeight : ruleY + rule.height),
  };
}

const ffColour = (hex: string) => hex.replace('#', '0x');

/** One centred line whose baseline is at `baseline` (drawtext's y is the top of the string's tallest glyph). */
function line(text: string, baseline: number, fontSize: number, fontFile: string, colour: string): string {
  return [
    `drawtext=fontfile=${escapeFilterValue(fontFile)}`,
    `expansion=none`,
    `text=${escapeFilterValue(text)}`,
    `fontsize=${fontSize}`,
    `fontcolor=${ffColour(colour)}`,
    `x=(w-text_w)/2`,
    `y=${baseline}-ascent`,
  ].join(':');
}

/** ffmpeg arguments (without the binary) that write the end card as one 1080x1920 PNG at `outputPath`. */
export function endCardArgs(input: EndCardSpec, outputPath: string): string[] {
  const spec = endCardSpecSchema.parse(input);
  const { width, height } = endCardSize;
  const layout = endCardLayout(spec.text, spec.contact, spec.logoPath !== undefined);
  const g = new GraphBuilder();
  // Drawn in RGB throughout, so the background is the brand's colour exactly, not its trip through YUV.
  let card = g.chain([], `color=c=${ffColour(spec.background)}:s=${width}x${height}:d=1,format=rgb24`);
  if (spec.logoPath) {
    const logo = g.chain(
      [`${g.input(spec.logoPath)}:v`],
      `scale=${logoBox.width}:${logoBox.height}:force_original_aspect_ratio=decrease,format=rgba`,
    );
    card = g.chain([card, logo], `overlay=x=(W-w)/2:y=${logoBox.centreY}-h/2:format=rgb`);
  }
  const drawn = [
    ...layout.heading.lines.map((l, i) => line(l, layout.heading.baselines[i]!, layout.heading.fontSize, spec.headingFontFile, spec.textColour)),
    `drawbox=x=${(width - rule.width) / 2}:y=${layout.rule.y}:w=${rule.width}:h=${rule.height}:color=${ffColour(spec.accent)}:t=fill`,
    ...(layout.contact?.lines.map((l, i) => line(l, layout.contact!.baselines[i]!, layout.contact!.fontSize, spec.bodyFontFile, spec.textColour)) ?? []),
  ];
  card = g.chain([card], drawn.join(','));
  return [
    '-hide_banner', '-nostdin', '-y', '-loglevel', 'error',
    ...g.inputArgs,
    '-filter_complex', g.chains.join(';'),
    '-map', `[${card}]`, '-frames:v', '1', '-update', '1',
    localPathSchema.parse(outputPath),
  ];
}

/** Writes the end card PNG. */
export async function renderEndCard(spec: EndCardSpec, outputPath: string, options: Omit<RunOptions, 'duration'> = {}): Promise<void> {
  await runFfmpeg(endCardArgs(spec, outputPath), { ...options, duration: 0 });
}
