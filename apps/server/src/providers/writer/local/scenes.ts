import { splitSentences } from '../fit.ts';
import { storyboardSceneCount, type BusinessBrief, type StoryboardScenes } from '../types.ts';
import { businessVisuals } from './business.ts';
import { detectDomain } from './domains.ts';
import { upperFirst } from './voice.ts';

/** Longest voiceover quoted in one scene; the scene text is also an AI video prompt, which wants it short. */
const maxLineLength = 220;

/** Pieces of a part, finest last: its sentences, then its clauses. */
function splitPart(part: string): string[] {
  const sentences = splitSentences(part);
  return sentences.length > 1 ? sentences : part.split(/(?<=[,;:—])\s+/).filter(Boolean);
}

/**
 * The script's paragraphs (one beat each); while there are fewer than six, the longest is split into sentences,
 * then clauses, so every scene gets its own words where the script has enough of them.
 */
function toParts(script: string): string[] {
  const parts = script.split(/\n\s*\n/).map((part) => part.replace(/\s+/g, ' ').trim()).filter(Boolean);
  while (parts.length < storyboardSceneCount) {
    const longest = parts.reduce((best, part, index) => (part.length > (parts[best]?.length ?? 0) ? index : best), 0);
    const pieces = splitPart(parts[longest] ?? '');
    if (pieces.length < 2) break;
    const middle = Math.ceil(pieces.length / 2);
    parts.splice(longest, 1, pieces.slice(0, middle).join(' '), pieces.slice(middle).join(' '));
  }
  return parts;
}

/**
 * Six scenes in story order: each pairs the shot that beat needs with the part of the script spoken over it. The
 * shots are the saved business's when there is a profile, else those of the kind of business the script talks about.
 */
export function writeScenes(script: string, business?: BusinessBrief): StoryboardScenes {
  const parts = toParts(script);
  const visuals = business ? businessVisuals(business) : detectDomain(script).visuals;
  const scenes = visuals.map((visual, index) => {
    const from = Math.floor((index * parts.length) / storyboardSceneCount);
    const to = Math.floor(((index + 1) * parts.length) / storyboardSceneCount);
    const line = parts.slice(from, to).join(' ');
    const spoken = line.length > maxLineLength ? `${line.slice(0, maxLineLength).replace(/\s+\S*$/, '')}…` : line;
    return spoken ? `${upperFirst(visual)}. Voiceover: "${spoken}"` : `${upperFirst(visual)}.`;
  });
  return scenes as StoryboardScenes;
}
