import type { CompositionInput, Word } from '../src/index.ts';
import { chunkWords } from '../src/index.ts';
import { makeImage, makeMusic, makeVideo, makeVoice } from './fixtures.ts';

/**
 * The reference job the architecture is measured by: 59 s at 1080x1920, a background video, five B-roll overlays,
 * ~150 words of word-highlighted captions, voice and ducked music.
 */
export const standardSeconds = 59;

const script =
  'Tired of spending hours editing videos that nobody watches? Meet the studio that turns one idea into a scroll ' +
  'stopping reel in minutes. Write your hook, pick a voice, and we handle the rest: captions that pop on every word, ' +
  'music that steps aside when you speak, and clean B-roll right where it matters. Small teams use it to post every ' +
  'single day without hiring an editor. Coaches use it to explain one idea at a time. Shops use it to show a product ' +
  'from every angle before the viewer can swipe away. Every video comes out sharp, vertical and ready for reels, ' +
  'shorts and stories. No timeline to learn, no plugins to buy, no export settings to guess. Start with a script or ' +
  'let us write one from your website. Your first three videos are free, so there is nothing to lose. Tap the link, ' +
  'make your first reel today, and watch what happens when your message finally gets seen by the right people.';

/** The script's words at its pace; a shorter job speaks as many of them as fit. */
export function standardWords(seconds = standardSeconds): Word[] {
  const all = script.split(/\s+/);
  const texts = all.slice(0, Math.round((all.length * seconds) / standardSeconds));
  const step = (seconds - 1) / texts.length;
  return texts.map((text, i) => ({ text, start: 0.5 + i * step, end: 0.5 + i * step + step * 0.85 }));
}

export interface StandardFixtures {
  seconds: number;
  background: string;
  backgroundSeconds: number;
  brolls: string[];
  voice: string;
  music: string;
}

export const brollColours = ['#E53935', '#1E88E5', '#43A047', '#FDD835', '#8E24AA'];

/**
 * A short background loops to fill the job; the benchmark uses a full-length one to compare with a bare encode. A test
 * that checks the final profile rather than the speed asks for a shorter job (`seconds`) with the same parts.
 */
export async function makeStandardFixtures(dir: string, backgroundSeconds: number, seconds = standardSeconds): Promise<StandardFixtures> {
  const [background, voice, music, ...brolls] = await Promise.all([
    makeVideo(dir, 'background.mp4', { width: 1080, height: 1920, seconds: backgroundSeconds }),
    makeVoice(dir, seconds),
    makeMusic(dir, 30),
    ...brollColours.map((colour, i) => makeImage(dir, `broll${i}.png`, { width: 1000, height: 700, colour, border: 12 })),
  ]);
  return { seconds, background: background!, backgroundSeconds, brolls, voice: voice!, music: music! };
}

/** When the B-roll overlay `index` is on screen, in seconds. */
export function standardOverlayTimes(seconds: number, index: number): { start: number; end: number } {
  const start = Math.round(seconds * (0.1 + 0.2 * index) * 10) / 10;
  return { start, end: Math.min(start + 4, seconds) };
}

export function standardComposition(f: StandardFixtures): CompositionInput {
  const words = standardWords(f.seconds);
  return {
    background: { kind: 'clips', clips: [{ path: f.background, duration: f.backgroundSeconds }], fit: 'loop' },
    // The spec's auto B-roll rule: starts at 10/30/50/70/90 % of the duration, shown for 3 to 5 s.
    overlays: f.brolls.map((imagePath, i) => ({ imagePath, ...standardOverlayTimes(f.seconds, i) })),
    voiceover: { path: f.voice, duration: f.seconds, words },
    music: { path: f.music, volume: 0.3, duck: true },
    subtitles: { cues: chunkWords(words, 4), style: 'Hormozi', position: 'middle', fontSize: 'medium' },
  };
}
