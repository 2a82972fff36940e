import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { voiceLabels, voiceNames } from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';
import { describeSpeechContract } from './contract.ts';
import { engineText } from './engine-text.ts';
import { festivalScript, parseFestivalTokens } from './festival.ts';
import { parsePsdur, timeWordsFromPhones } from './flite.ts';
import { createLocalTts } from './local.ts';
import { changeSpeechTempo } from './master.ts';
import { localVoices, paceFromInstructions } from './local-voices.ts';
import { createMediaPort } from '../media/index.ts';

const media = createMediaPort();

describe('flite timing', () => {
  it('reads phone end times and drops pauses', () => {
    expect(parsePsdur('pau:0.174 b:0.253 r:0.350 pau:0.660 g:0.746 \n')).toEqual([
      { phone: 'b', start: 0.174, end: 0.253 },
      { phone: 'r', start: 0.253, end: 0.35 },
      { phone: 'g', start: 0.66, end: 0.746 },
    ]);
  });

  it('gives each word the span of its phones even when the sentence says them a little differently', () => {
    const sentence = parsePsdur('pau:0.2 dh:0.25 ax:0.3 k:0.4 ae:0.5 t:0.6 pau:0.8 s:0.9 ae:1.0 t:1.1 pau:1.3');
    // Alone, "the" is "dh iy"; in the sentence it was reduced to "dh ax". "Meow!" has no phones in the sentence.
    const words = timeWordsFromPhones(['The', 'cat,', 'sat.', 'Meow!'], [['dh', 'iy'], ['k', 'ae', 't'], ['s', 'ae', 't'], []], sentence);
    expect(words).toEqual([
      { text: 'The', start: 0.2, end: 0.3 },
      { text: 'cat,', start: 0.3, end: 0.6 },
      { text: 'sat.', start: 0.8, end: 1.1 },
      { text: 'Meow!' },
    ]);
  });
});

describe('festival', () => {
  it('escapes the text into a Scheme string and asks for the voice at the paced rate', () => {
    const script = festivalScript({ kind: 'festival-hts', rate: 1.1 }, 0.9, [{ text: 'Say "hi" \\ bye', wavPath: '/t/s0.wav' }]);
    expect(script).toContain('(voice_cmu_us_slt_arctic_hts)');
    expect(script).toContain('(list "-r" 0.99)');
    expect(script).toContain('(rs-say 0 "Say \\"hi\\" \\\\ bye" "/t/s0.wav")');
  });

  it('reads the token times per sentence', () => {
    const output = 'festival noise\nT\t0\tHello\t0.145000\t0.400000\nT\t1\t20%\t0.2\t0.9\nT\t1\tnow\t0.9\t1.1\n';
    expect(parseFestivalTokens(output, 2)).toEqual([
      [{ text: 'Hello', start: 0.145, end: 0.4 }],
      [{ text: '20%', start: 0.2, end: 0.9 }, { text: 'now', start: 0.9, end: 1.1 }],
    ]);
  });
});

describe('offline voices', () => {
  it('gives the engines plain ASCII', () => {
    expect(engineText('Café’s “best”—really…  ✨ ok')).toBe(`Cafe's "best" really... ok`);
  });

  it('takes only the pace from instructions', () => {
    expect(paceFromInstructions(undefined)).toBe(1);
    expect(paceFromInstructions('Calm, soothing and slow')).toBe(0.9);
    expect(paceFromInstructions('Upbeat and energetic!')).toBe(1.1);
    expect(paceFromInstructions('slow build, then fast')).toBe(1);
    expect(paceFromInstructions('Speak like a pirate')).toBe(1);
  });

  it('has nine different recipes, one per named voice, and labels for each', () => {
    const recipes = voiceNames.map((name) => JSON.stringify(localVoices[name]));
    expect(new Set(recipes).size).toBe(9);
    expect(createLocalTts({ tmpDir: tmpdir(), media }).voices()).toEqual(voiceNames.map((name) => ({ name, label: voiceLabels[name] })));
  });

  it('reads slower when told to be calm and refuses an unknown voice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-tts-local-'));
    const tts = createLocalTts({ tmpDir: dir, media });
    const text = 'Our summer sale ends this Friday.';
    const plain = await tts.synthesize({ text, voice: 'ash', outputPath: join(dir, 'plain.wav') });
    const calm = await tts.synthesize({ text, voice: 'ash', instructions: 'calm and slow', outputPath: join(dir, 'calm.wav') });
    expect(calm.duration / plain.duration).toBeGreaterThan(1.05);
    // @ts-expect-error a name from outside the list
    await expect(tts.synthesize({ text, voice: 'verse', outputPath: join(dir, 'x.wav') })).rejects.toMatchObject({ reason: 'invalid' });
  });
});

describe('tempo change', () => {
  it('makes a voiceover faster or slower and scales its word times by 1/tempo', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-tts-tempo-'));
    const tts = createLocalTts({ tmpDir: dir, media });
    const source = await tts.synthesize({ text: 'Fresh bread, every morning.', voice: 'nova', outputPath: join(dir, 'source.wav') });
    const fast = await changeSpeechTempo(media, source, { tempo: 1.5, outputPath: join(dir, 'fast.wav') });
    expect(fast.duration).toBeCloseTo(source.duration / 1.5, 1);
    expect(fast.words.map((w) => w.text)).toEqual(source.words.map((w) => w.text));
    fast.words.forEach((w, i) => expect(w.start).toBeCloseTo(source.words[i]!.start / 1.5, 2));
    const slow = await changeSpeechTempo(media, source, { tempo: 0.5, outputPath: join(dir, 'slow.m4a') });
    expect(slow.duration).toBeCloseTo(source.duration * 2, 1);
    await expect(changeSpeechTempo(media, source, { tempo: 2.5, outputPath: join(dir, 'x.wav') })).rejects.toMatchObject({ reason: 'invalid' });
  });
});

describeSpeechContract('local', async (tmpDir) => {
  const tts = createLocalTts({ tmpDir, media });
  return { speak: (text, outputPath) => tts.synthesize({ text, voice: 'coral', outputPath }), close: async () => undefined };
});
