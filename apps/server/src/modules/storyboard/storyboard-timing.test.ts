import { describe, expect, it } from 'vitest';
import { minSceneSeconds, sceneLengths, spokenWords } from './storyboard-timing.ts';

/** One word a second from 0.5 s: word i starts at 0.5 + i. */
const voiceOf = (text: string, duration: number) => ({
  duration,
  words: text.split(' ').map((word, i) => ({ text: word, start: 0.5 + i, end: 1.3 + i })),
});
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

const script = 'Tired of cold coffee? Meet Brewly. It keeps it hot. All day long, anywhere. Join thousands today. Link in bio!';
const quoted = [
  'A frustrated customer. Voiceover: "Tired of cold coffee?"',
  'The product in action. Voiceover: "Meet Brewly."',
  'Close-up. Voiceover: "It keeps it hot."',
  'Outdoors. Voiceover: "All day long, anywhere."',
  'Happy customers. Voiceover: "Join thousands today."',
  'The logo on screen. Voiceover: "Link in bio!"',
];

describe('sceneLengths', () => {
  it('starts each scene when the voiceover starts saying its words', () => {
    const lengths = sceneLengths(quoted, voiceOf(script, 20));
    // Scenes start at words 0, 4, 6, 10, 14, 17 -> 0 (the first covers the lead-in), 4.5, 6.5, 10.5, 14.5, 17.5.
    expect(lengths).toEqual([4.5, 2, 4, 4, 3, 2.5]);
    expect(sum(lengths)).toBeCloseTo(20, 6);
  });

  it('places a scene whose words are not in the voiceover by its share of the words', () => {
    const edited = [...quoted];
    edited[2] = 'A slow pan over the mug, steam rising.';
    const lengths = sceneLengths(edited, voiceOf(script, 20));
    expect(sum(lengths)).toBeCloseTo(20, 6);
    // The scenes around it still start on their own words.
    expect(lengths[0]).toBe(4.5);
    expect(lengths[0]! + lengths[1]! + lengths[2]!).toBeCloseTo(10.5, 6);
  });

  it('shares the voiceover by word count when there are no word timings', () => {
    const lengths = sceneLengths(['one two', 'three four', 'five six', 'seven eight', 'nine ten', 'eleven twelve'], { duration: 12, words: [] });
    expect(lengths).toEqual([2, 2, 2, 2, 2, 2]);
    const uneven = sceneLengths(['a b c d e f', 'g', 'h', 'i', 'j', 'k'], { duration: 22, words: [] });
    expect(uneven[0]).toBeCloseTo(12, 6);
    expect(sum(uneven)).toBeCloseTo(22, 6);
  });

  it('gives every scene a minimum time, taken from the longer ones', () => {
    const voice = voiceOf('a b c d e f', 30);
    // All six scenes say words that start within six seconds; the last runs to 30 s.
    const lengths = sceneLengths(['a', 'b', 'c', 'd', 'e', 'f'], { ...voice, words: voice.words.map((w, i) => ({ ...w, start: 0.1 * i })) });
    expect(lengths.every((length) => length >= minSceneSeconds - 1e-9)).toBe(true);
    expect(sum(lengths)).toBeCloseTo(30, 2);
    expect(lengths[5]).toBeGreaterThan(22);
  });

  it('gives a scene without a voiceover line a readable time, taken from its neighbours', () => {
    const lineless = [...quoted];
    lineless[3] = 'Logo.';
    const said = 'Tired of cold coffee? Meet Brewly. It keeps it hot. Join thousands today. Link in bio!';
    const lengths = sceneLengths(lineless, voiceOf(said, 16));
    // Between 'It keeps it hot' (6.5 s) and 'Join thousands today' (10.5 s), 'Logo.' has one word of five.
    expect(lengths[3]).toBeCloseTo(1.5, 6);
    expect(lengths[2]! + lengths[3]! + lengths[4]!).toBeCloseTo(16 - 6.5 - 2.5, 6);
    expect(lengths[5]).toBeCloseTo(2.5, 6);
    expect(sum(lengths)).toBeCloseTo(16, 6);
  });

  it('reads the quoted voiceover of a scene, else all its words', () => {
    expect(spokenWords('Shot of a cafe. Voiceover: "Fresh bread, every morning…"')).toEqual(['fresh', 'bread', 'every', 'morning']);
    expect(spokenWords('Just a plain description')).toEqual(['just', 'a', 'plain', 'description']);
  });
});
