import type { MotionTemplateName, UgcBackground, UgcPerson, UgcPlacement } from '@reelsmith/contracts';
import type { KineticLook } from '@reelsmith/media';

/** The templates drawn as planes under a camera: all but 'ugc', whose presenter moves in parts (ugc-puppet.ts). */
export type DrawnTemplateName = Exclude<MotionTemplateName, 'ugc'>;

/** The user's own words a template sets on screen; each is optional, and a template without words is still whole. */
export interface TemplateWords {
  /** A showcase scene's text: the template's headline. */
  headline?: string;
  /** A Product Intro scene's details (a custom type's extension). */
  details?: string;
  /** From the business profile. */
  business?: string;
}

/** The business profile as the flows read it for a template's words: its name is the kicker. */
export type BusinessOf = (userId: string) => Promise<{ businessName?: string } | null | undefined>;

/** The UGC form's choices an offline still was drawn from: the 'ugc' template draws the same scene again, in parts. */
export interface UgcSceneChoices {
  background: UgcBackground;
  placement: UgcPlacement;
  person: UgcPerson;
}

export interface TemplateRequest {
  /** Chosen from the prompt's words when absent. */
  name?: MotionTemplateName;
  words?: TemplateWords;
  /** For 'ugc': the scene to draw (the form's defaults without it); the image is then the product photo. */
  ugc?: UgcSceneChoices;
  /** The scene's place in its video: two scenes of one type and photo drift and set differently. */
  variant?: number;
  /**
   * The project's brand on the words (its colours and fonts, core/brand kineticLookOf); without it the words take the
   * default faces and an accent from the picture. The drawn set keeps the picture's palette either way.
   */
  look?: KineticLook;
  /** A local copy of the brand's uploaded font, when the look names its family: libass finds it beside the words. */
  fontFile?: string;
}

type Cue = [DrawnTemplateName, RegExp];

/** Words of a scene's direction that ask for a template; the first that appears in the text wins. */
const templateCues: Cue[] = [
  // Not a bare 'before' or 'after': scene lines say "after work" or "before you go" without asking for a reveal.
  ['reveal', /\b(before[\s-]*(and|&|\/)?[\s-]*after|transform(s|ation|ed)?|reveal(s|ed)?|makeover)\b/],
  ['features', /\b(features?|exploded|parts?|ingredients?|inside|components?|specs?|callouts?)\b/],
  ['social-proof', /\b(reviews?|ratings?|stars?|testimonials?|customers? (love|say)|happy customers?|five[- ]star|5[- ]star)\b/],
  ['outro', /\b(offer|sale|discount|% off|code|deal|shop now|order now|buy now|call (us|now)|visit|book now|closing|outro|call to action)\b/],
  ['hand', /\b(hand|hands|holds?|holding|held|fingers?|palm)\b/],
  ['usage', /\b(use|uses|using|in use|applies|applying|pour(s|ing)?|spray(s|ing)?|wear(s|ing)?|cook(s|ing)?|drink(s|ing)?)\b/],
  ['lifestyle', /\b(lifestyle|everyday|table|kitchen|bathroom|park|cafe|café|home|office|outdoors?|garden|morning|breakfast|living ?room)\b/],
  ['hero', /\b(hero|pedestal|studio|spotlight|centre stage|center stage|premium|luxury)\b/],
];

/** The template a scene's words ask for, or null when none does (the caller picks by the picture). */
export function templateFromWords(text: string): DrawnTemplateName | null {
  const lower = text.toLowerCase();
  let best: { name: DrawnTemplateName; index: number } | null = null;
  for (const [name, pattern] of templateCues) {
    const found = pattern.exec(lower);
    if (found && (!best || found.index < best.index)) best = { name, index: found.index };
  }
  return best?.name ?? null;
}

/** The drawn places of the UGC form, found by the words that name them or what is in them. */
const placeCues: [UgcBackground, RegExp][] = [
  ['Kitchen', /\b(kitchen|cook(s|ing)?|breakfast|morning|counter|recipe|food|meal|bak(e|es|ed|er|ers|ery|ing)|oven|bread|loaf|loaves|cakes?|pastr(y|ies)|croissants?|coffee|tea|juice)\b/],
  ['Bathroom', /\b(bath(room|tub)?|shower|spa|skin|serum|face|soak)\b/],
  ['Washroom', /\b(wash(room|basin)?|sink|mirror|soap|hands?|vanity|morning routine)\b/],
  ['Park', /\b(park|picnic|grass|walk(s|ing)?|run(s|ning)?|jog(s|ging)?|summer)\b/],
  ['Cafe', /\b(caf[eé]|latte|espresso|cappuccino|friends?|brunch)\b/],
  ['Home Office', /\b(office|desk|work(s|ing)?|laptop|study|studying|computer|meeting)\b/],
  ['Outdoor', /\b(outdoors?|garden|beach|travel|trip|hike|hiking|camp(ing)?|nature)\b/],
  ['Livingroom', /\b(living ?room|sofa|couch|home|cosy|cozy|relax(es|ing)?|evening|family)\b/],
];

/** The place the words point to; without a cue, one from the text's hash so different scenes differ. */
export function placeFromWords(text: string, fallbacks: readonly UgcBackground[] = ['Kitchen', 'Livingroom', 'Cafe', 'Bathroom']): UgcBackground {
  const lower = text.toLowerCase();
  let best: { place: UgcBackground; index: number } | null = null;
  for (const [place, pattern] of placeCues) {
    const found = pattern.exec(lower);
    if (found && (!best || found.index < best.index)) best = { place, index: found.index };
  }
  return best?.place ?? fallbacks[hash(lower) % fallbacks.length]!;
}

export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h;
}

/** A discount or promo code in the details: '20% off', 'code GLOW20', 'use GLOW20 at checkout'. */
export function offerOf(details: string): { offer?: string; code?: string; rest: string } {
  const code = /\b(?:code|coupon|use)\s*:?\s*([A-Z0-9][A-Z0-9-]{2,19})\b/i.exec(details);
  const offer = /\b(\d{1,3}\s?%\s?off|flat\s+\S+\s+off|buy\s+\w+\s+get\s+\w+(\s+free)?|free\s+\w+)/i.exec(details);
  const rest = details
    .replace(code?.[0] ?? '\u0000', '')
    .replace(offer?.[0] ?? '\u0000', '')
    .replace(/\s*[,;·|-]\s*(?=[,;·|-]|$)/g, '')
    .replace(/^\s*[,;·|-]\s*/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return { ...(offer ? { offer: offer[0].replace(/\s+/g, ' ') } : {}), ...(code ? { code: code[1]!.toUpperCase() } : {}), rest };
}

/** Up to four short feature names from the details: 'the pump, the glass bottle and the vitamin C core'. */
export function featuresOf(details: string): string[] {
  return details
    .split(/\s*(?:,|;|\band\b|&|\+|·|\/|\n)\s*/i)
    .map((part) => part.replace(/^(the|a|an|its|with)\s+/i, '').trim())
    .filter((part) => part.length > 0)
    .slice(0, 4)
    .map((part) => (part.length > 28 ? `${part.slice(0, 27).trimEnd()}…` : part));
}

/** The two sides of a reveal: 'dull skin, then a bright glow', 'dull → bright', 'from frizz to shine'. */
export function sidesOf(details: string): { before?: string; after?: string } {
  const text = details.trim();
  const patterns = [/^\s*from\s+(.+?)\s+to\s+(.+)$/i, /^(.+?)\s*(?:,\s*then|\bthen\b|→|->|=>|\bto\b|,|\bvs\.?\b)\s*(.+)$/i];
  for (const pattern of patterns) {
    const found = pattern.exec(text);
    if (found && found[1]!.trim() && found[2]!.trim()) return { before: tidy(found[1]!), after: tidy(found[2]!) };
  }
  return text ? { after: tidy(text) } : {};
}

const tidy = (side: string) => {
  const words = side.trim().replace(/[.!]+$/, '');
  return words.length > 22 ? `${words.slice(0, 21).trimEnd()}…` : words;
};
