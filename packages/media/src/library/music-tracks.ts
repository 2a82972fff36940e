import type { MusicTrackRecipe } from './music.ts';

/**
 * The built-in music library: eight tracks of different tempo and mood, synthesised here, so they are ours to use.
 * Patterns: one character per step of a bar ('x' sounds). Keys are MIDI roots.
 */
const four = 'x...x...x...x...';
const backbeat = '....x.......x...';

export const musicTrackRecipes: readonly MusicTrackRecipe[] = [
  {
    slug: 'sunny-side', title: 'Sunny Side', mood: 'upbeat', bpm: 120, root: 60, mode: 'major', progression: [1, 5, 6, 4], minSeconds: 60, seed: 1, echo: 0.18,
    parts: [
      { instrument: 'pad', pattern: 'x', gain: 0.1 },
      { instrument: 'pluck', pattern: 'x.xxx.xxx.xxx.xx', gain: 0.22, voicing: 'arp', octave: 1, pan: 0.3, restBars: 2 },
      { instrument: 'bass', pattern: 'x.x.x.x.x.x.x.x.', gain: 0.32, voicing: 'root', octave: -2 },
      { instrument: 'kick', pattern: four, gain: 0.6, restBars: 4 },
      { instrument: 'clap', pattern: backbeat, gain: 0.3, restBars: 4 },
      { instrument: 'hat', pattern: '..x...x...x...x.', gain: 0.25, pan: -0.3, restBars: 4 },
    ],
  },
  {
    slug: 'still-water', title: 'Still Water', mood: 'calm', bpm: 70, root: 57, mode: 'minor', progression: [6, 3, 1, 7], minSeconds: 60, seed: 2, sevenths: true, echo: 0.35,
    parts: [
      { instrument: 'pad', pattern: 'x', gain: 0.16 },
      { instrument: 'bell', pattern: 'x.....x...x.....', gain: 0.14, voicing: 'melody', octave: 1, pan: 0.2, restBars: 4 },
      { instrument: 'bass', pattern: 'x.......', gain: 0.18, voicing: 'root', octave: -2 },
    ],
  },
  {
    slug: 'boardroom', title: 'Boardroom', mood: 'corporate', bpm: 105, root: 55, mode: 'major', progression: [1, 6, 4, 5], minSeconds: 60, seed: 3, echo: 0.2,
    parts: [
      { instrument: 'pad', pattern: 'x', gain: 0.1 },
      { instrument: 'pluck', pattern: 'xxxxxxxx', gain: 0.2, voicing: 'arp', octave: 1, pan: -0.2 },
      { instrument: 'bass', pattern: 'x...x...x...x...', gain: 0.3, voicing: 'root', octave: -1 },
      { instrument: 'kick', pattern: 'x.......x.......', gain: 0.5, restBars: 2 },
      { instrument: 'snare', pattern: backbeat, gain: 0.18, restBars: 2 },
      { instrument: 'hat', pattern: 'x.x.x.x.x.x.x.x.', gain: 0.15, pan: 0.3, restBars: 2 },
    ],
  },
  {
    slug: 'horizon', title: 'Horizon', mood: 'cinematic', bpm: 80, root: 50, mode: 'minor', progression: [1, 6, 3, 7], minSeconds: 60, seed: 4, echo: 0.4,
    parts: [
      { instrument: 'pad', pattern: 'x', gain: 0.2 },
      { instrument: 'pad', pattern: 'x', gain: 0.08, octave: 1, restBars: 4 },
      { instrument: 'bell', pattern: 'x.......x...x...', gain: 0.12, voicing: 'melody', octave: 1, restBars: 8 },
      { instrument: 'bass', pattern: 'x', gain: 0.26, voicing: 'root', octave: -2 },
      { instrument: 'kick', pattern: 'x.......x.x.....', gain: 0.55, restBars: 4 },
    ],
  },
  {
    slug: 'night-drive', title: 'Night Drive', mood: 'retro synthwave', bpm: 100, root: 52, mode: 'minor', progression: [1, 6, 3, 7], minSeconds: 60, seed: 5, echo: 0.25,
    parts: [
      { instrument: 'pad', pattern: 'x', gain: 0.12 },
      { instrument: 'bass', pattern: 'xxxxxxxx', gain: 0.3, voicing: 'root', octave: -1 },
      { instrument: 'pluck', pattern: 'xxxxxxxxxxxxxxxx', gain: 0.14, voicing: 'arp', octave: 1, pan: 0.4, restBars: 4 },
      { instrument: 'kick', pattern: 'x.......x.......', gain: 0.55 },
      { instrument: 'snare', pattern: backbeat, gain: 0.25 },
      { instrument: 'hat', pattern: '..x...x...x...x.', gain: 0.18, pan: -0.3 },
    ],
  },
  {
    slug: 'lofi-cafe', title: 'Lo-fi Cafe', mood: 'chill', bpm: 85, root: 53, mode: 'major', progression: [2, 5, 1, 6], minSeconds: 60, seed: 6, sevenths: true, echo: 0.22,
    parts: [
      { instrument: 'pad', pattern: 'x', gain: 0.13 },
      { instrument: 'bell', pattern: 'x..x..x...x..x..', gain: 0.1, voicing: 'melody', octave: 1, pan: -0.3, restBars: 2 },
      { instrument: 'bass', pattern: 'x.....x...x.....', gain: 0.28, voicing: 'root', octave: -2 },
      { instrument: 'kick', pattern: 'x.........x.....', gain: 0.45 },
      { instrument: 'snare', pattern: backbeat, gain: 0.16 },
      { instrument: 'hat', pattern: 'x.xx.xx.x.xx.xx.', gain: 0.1, pan: 0.3 },
    ],
  },
  {
    slug: 'momentum', title: 'Momentum', mood: 'energetic workout', bpm: 128, root: 57, mode: 'minor', progression: [1, 7, 6, 7], minSeconds: 60, seed: 7, echo: 0.15,
    parts: [
      { instrument: 'pad', pattern: 'x', gain: 0.08 },
      { instrument: 'bass', pattern: '..x...x...x...x.', gain: 0.34, voicing: 'root', octave: -1 },
      { instrument: 'pluck', pattern: 'x.x.xx.xx.x.xx.x', gain: 0.16, voicing: 'arp', octave: 1, pan: -0.3, restBars: 4 },
      { instrument: 'kick', pattern: four, gain: 0.65 },
      { instrument: 'clap', pattern: backbeat, gain: 0.3, restBars: 2 },
      { instrument: 'hat', pattern: 'xxxxxxxxxxxxxxxx', gain: 0.12, pan: 0.3 },
    ],
  },
  {
    slug: 'playful', title: 'Playful Steps', mood: 'playful', bpm: 110, root: 62, mode: 'major', progression: [1, 4, 5, 1], minSeconds: 60, seed: 8, echo: 0.12,
    parts: [
      { instrument: 'pluck', pattern: 'x.x.x.x.', gain: 0.24, voicing: 'arp', pan: 0.2 },
      { instrument: 'bell', pattern: '..x...x.x...x...', gain: 0.1, voicing: 'melody', octave: 1, pan: -0.3, restBars: 4 },
      { instrument: 'bass', pattern: 'x...x.x.x...x.x.', gain: 0.3, voicing: 'root', octave: -2 },
      { instrument: 'kick', pattern: 'x.......x.......', gain: 0.45 },
      { instrument: 'clap', pattern: backbeat, gain: 0.25 },
    ],
  },
];
