import { ideaTones, type IdeaTone } from '@reelsmith/contracts';
import { splitSentences } from '../fit.ts';
import { countWords, type BusinessBrief } from '../types.ts';
import { businessLines } from './business.ts';
import { footageLines } from './footage.ts';
import { directionLabels } from './frameworks.ts';
import { seedOf } from './random.ts';
import { tones, upperFirst } from './voice.ts';

/** A spoken line and how much the script needs it: lower numbers survive a short length first. */
interface Line {
  text: string;
  priority: number;
}

const priorities: Record<string, number> = {
  'call to action': 1,
  action: 1,
  payoff: 1,
  solution: 2,
  fact: 2,
  answer: 2,
  twist: 2,
  bridge: 2,
  'turning point': 2,
  result: 2,
  punchline: 3,
  problem: 3,
  before: 3,
  after: 3,
  desire: 3,
  situation: 4,
  agitate: 4,
  interest: 4,
  proof: 5,
};

/** The words inside the outermost quotes, when a beat mixes a stage direction with the line to say. */
function spokenPart(text: string): string {
  const first = text.indexOf('"');
  const last = text.lastIndexOf('"');
  return first >= 0 && last > first ? text.slice(first + 1, last).trim() : text.trim();
}

function proofLine(text: string): string {
  const shown = text.replace(/^show\s+/i, '').replace(/,?\s*(split screen|as the evidence)\.?$/i, '').replace(/\.$/, '');
  return `Don't take our word for it: just look at ${shown}.`;
}

/** Beats whose label is part of what is said ("Myth: …", "One: …"). */
const spokenLabels: Record<string, string> = { myth: 'Myth', fact: 'Fact', 'point 1': 'One', 'point 2': 'Two', 'point 3': 'Three' };

function endSentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** A labelled brief ("Hook: …" lines, as ideas are written) read beat by beat. */
function linesFromBrief(prompt: string): { lines: Line[]; tone: IdeaTone | null } | null {
  const labelled = prompt
    .split('\n')
    .map((raw) => /^\s*([A-Za-z][A-Za-z0-9 ]{1,24}):\s*(.+)$/.exec(raw))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ label: match[1]!.trim().toLowerCase(), text: match[2]!.trim() }));
  if (labelled.length < 2) return null;
  const toneLine = labelled.find((beat) => beat.label === 'tone')?.text ?? '';
  const tone = ideaTones.find((name) => toneLine.toLowerCase().startsWith(name.toLowerCase())) ?? null;
  const lines: Line[] = [];
  for (const beat of labelled) {
    if (directionLabels.has(beat.label)) continue;
    const said = beat.label === 'proof' ? proofLine(beat.text) : endSentence(spokenPart(beat.text));
    const spokenLabel = spokenLabels[beat.label];
    const text = spokenLabel ? `${spokenLabel}: ${upperFirst(said)}` : upperFirst(said);
    const priority = lines.length === 0 ? 0 : (priorities[beat.label] ?? (beat.label.startsWith('point') ? 3 : 4));
    lines.push({ text, priority });
  }
  return lines.length > 0 ? { lines, tone } : null;
}

const genericClosing = 'Learn more at the link in bio.';
const genericVideoClosing = 'Like what you see? Tap the link in bio.';

/** The business's own lines go before the closing line, and a generic closing names the business instead. */
function withBusiness(lines: Line[], business: BusinessBrief | undefined): Line[] {
  if (!business) return lines;
  const { lines: extra, closing } = businessLines(business, lines.map((line) => line.text).join(' '));
  const last = lines.at(-1)!;
  const ending = last.text === genericClosing || last.text === genericVideoClosing ? { ...last, text: closing } : last;
  return [...lines.slice(0, -1), ...extra, ending];
}

/**
 * Free words from the user: their first sentence opens (it says what the video is about), the rest follow, and a
 * closing line asks for the click; a generic attention line goes in only when a longer video has room for it.
 */
function linesFromWords(words: string): Line[] {
  const cleaned = words
    .replace(/^\s*(please\s+)?(write|create|make|generate)\s+(me\s+)?(a|an)\s+([\w-]+\s+){0,3}?(script|video|voiceover|ad)\s*(about|for|on|promoting)?\s*/i, '')
    .trim();
  const body = splitSentences(cleaned).map((sentence, index) => ({ text: upperFirst(endSentence(sentence)), priority: index === 0 ? 0 : 3 }));
  return [
    { text: 'Stop scrolling — this one is worth it.', priority: 5 },
    ...body,
    { text: genericClosing, priority: 1 },
  ];
}

/** `lines` from a seeded starting point, so two videos do not get the same filler in the same order. */
function rotate(lines: readonly string[], seed: string, priority: number): Line[] {
  const offset = lines.length ? seedOf(seed) % lines.length : 0;
  return lines.map((_, index) => ({ text: lines[(offset + index) % lines.length]!, priority }));
}

/**
 * Keeps the lines that fit `budget` words, most needed first, in their original order; when room is left and the
 * tone is known, the tone's own short lines go in before the closing line so a longer video does not end early,
 * then the `padding` lines, until the budget is used.
 */
function assemble(lines: Line[], budget: number, tone: IdeaTone | null, seed: string, padding: readonly string[] = []): string {
  const rotated = [...rotate(tone ? tones[tone].fillers : [], seed, 6), ...rotate(padding, seed, 7)];
  const closing = Math.max(1, lines.length - 1);
  const withFillers = [...lines.slice(0, closing), ...rotated, ...lines.slice(closing)];
  const ranked = withFillers.map((line, index) => ({ ...line, index })).sort((a, b) => a.priority - b.priority || a.index - b.index);
  const kept = new Set<number>();
  let used = 0;
  for (const line of ranked) {
    const words = countWords(line.text);
    if (used + words > budget) continue;
    kept.add(line.index);
    used += words;
  }
  if (kept.size === 0) return ranked[0]!.text.split(/\s+/).slice(0, budget).join(' ').replace(/[,;:—-]+$/, '') + '.';
  return withFillers.filter((_, index) => kept.has(index)).map((line) => line.text).join('\n\n');
}

/** The offline copywriter's voiceover for a prompt: the brief's beats when it has them, else the user's own words. */
export function writeScript(prompt: string, budget: number, business?: BusinessBrief): string {
  const brief = linesFromBrief(prompt);
  const lines = withBusiness(brief?.lines ?? linesFromWords(prompt), business);
  return assemble(lines, budget, brief ? (brief.tone ?? 'Professional') : null, prompt);
}

/**
 * A voiceover for footage that exists: the prompt leads; speech already in the video is rephrased around it. It
 * fills the video's length (the budget), with lines about the footage when the user's own run out.
 */
export function writeVideoScript(request: { prompt?: string; transcript?: string }, budget: number, business?: BusinessBrief): string {
  const prompt = request.prompt?.trim();
  if (prompt) {
    const brief = linesFromBrief(prompt);
    const lines = withBusiness(brief?.lines ?? linesFromWords(prompt), business);
    return assemble(lines, budget, brief ? (brief.tone ?? 'Professional') : null, prompt, footageLines);
  }
  const transcript = request.transcript?.trim();
  const lines = transcript
    ? linesFromWords(transcript)
    : [
        { text: "Here's a closer look at what we do.", priority: 0 },
        { text: 'Watch this.', priority: 3 },
        { text: genericVideoClosing, priority: 1 },
      ];
  return assemble(withBusiness(lines, business), budget, null, transcript ?? '', footageLines);
}
