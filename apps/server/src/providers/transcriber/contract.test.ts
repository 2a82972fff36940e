import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptTexts } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStt } from '../../../test/fake-stt.ts';
import { createHostedTranscriber } from './hosted.ts';
import { createLocalTranscriber, parseWordTimes, toTranscript } from './local.ts';
import { TranscriberError, type Transcriber } from './types.ts';
import { createMediaPort } from '../media/index.ts';

const media = createMediaPort();

const spoken = 'Fresh coffee every single morning at our corner cafe. Come and visit us today.';
const dir = mkdtempSync(join(tmpdir(), 'rs-transcriber-'));
const file = (name: string) => join(dir, name);
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

let fake: Awaited<ReturnType<typeof startFakeStt>>;
beforeAll(async () => {
  fake = await startFakeStt({ apiKey: 'sk-stt' });
  execFileSync('flite', ['-voice', 'slt', '-t', spoken, '-o', file('speech.wav')]);
  // Speech on a video with AAC stereo audio, as a phone records it.
  ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=180x320:rate=25:duration=6', '-i', file('speech.wav'), '-filter_complex', '[1:a]apad,aresample=44100[a]', '-map', '0:v', '-map', '[a]', '-ac', '2', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file('talking.mp4'));
  ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=180x320:rate=25:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file('tone.mp4'));
  const beat = "0.3*sin(2*PI*(220+110*mod(floor(t*4),4))*t)*exp(-3*mod(t,0.25))+0.2*sin(2*PI*330*t)";
  ffmpeg('-f', 'lavfi', '-i', `aevalsrc='${beat}':d=6:s=44100`, '-c:a', 'aac', file('beat.m4a'));
});

afterAll(() => fake.close());

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z']+/g) ?? []);

const makers: Record<string, (tmpDir: string) => Transcriber> = {
  'local (pocketsphinx)': (tmpDir) => createLocalTranscriber({ tmpDir, media }),
  'hosted (OpenAI-compatible, against a local server speaking its protocol)': (tmpDir) =>
    createHostedTranscriber({ baseUrl: fake.baseUrl, apiKey: 'sk-stt', model: 'whisper-1', timeoutMs: 60_000 }, { tmpDir, media }),
};

describe.each(Object.entries(makers))('transcriber contract: %s', (name, make) => {
  const tmpDir = join(dir, `tmp-${name.split(' ')[0]}`);
  let transcriber: Transcriber;
  beforeAll(() => {
    transcriber = make(tmpDir);
  });

  it('hears the words said in a video, with times in order and inside the audio', async () => {
    const transcript = await transcriber.transcribe(file('talking.mp4'));
    const heard = words(transcript.text);
    const said = [...words(spoken)];
    expect(said.filter((word) => heard.has(word)).length / said.length).toBeGreaterThan(0.6);
    expect(transcript.words.map((w) => w.text).join(' ')).toBe(transcript.text);
    for (const [i, word] of transcript.words.entries()) {
      expect(word.end).toBeGreaterThan(word.start);
      expect(word.end).toBeLessThanOrEqual(6);
      if (i > 0) expect(word.start).toBeGreaterThanOrEqual(transcript.words[i - 1]!.end);
    }
    expect(readdirSync(tmpDir)).toEqual([]);
  });

  it('listens only to the first seconds when asked', async () => {
    const transcript = await transcriber.transcribe(file('talking.mp4'), { maxSeconds: 1.5 });
    expect(transcript.words.length).toBeGreaterThan(0);
    expect(Math.max(...transcript.words.map((w) => w.end))).toBeLessThanOrEqual(1.5);
  });

  it('finds no speech in a tone or a beat', async () => {
    expect(await transcriber.transcribe(file('tone.mp4'))).toEqual({ text: '', words: [] });
    expect(await transcriber.transcribe(file('beat.m4a'))).toEqual({ text: '', words: [] });
  });

  it('fails with the user-facing message when the file has no audio', async () => {
    const silentVideo = file('silent.mp4');
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=180x320:rate=25:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', silentVideo);
    const refusal = await transcriber.transcribe(silentVideo).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TranscriberError);
    expect(refusal).toMatchObject({ statusCode: 503, message: scriptTexts.transcriptionFailed });
    expect(readdirSync(tmpDir)).toEqual([]);
  });

  it("gives back the caller's reason when aborted while the audio is being read, and leaves no scratch files", async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled by the user'));
    await expect(transcriber.transcribe(file('talking.mp4'), { signal: controller.signal })).rejects.toThrow('cancelled by the user');
    expect(readdirSync(tmpDir)).toEqual([]);
  });
});

it('the local transcriber fails with the user-facing message when the recogniser is missing', async () => {
  const missing = createLocalTranscriber({ tmpDir: join(dir, 'tmp-missing'), media, command: 'no-such-pocketsphinx' });
  await expect(missing.transcribe(file('talking.mp4'))).rejects.toMatchObject({ statusCode: 503, message: scriptTexts.transcriptionFailed });
});

describe('reading pocketsphinx output', () => {
  const output = [
    'fresh coffee every minute',
    '<s> 0.070 0.120 1.000100',
    'fresh 0.130 0.510 0.927179',
    '[NOISE] 0.510 0.520 0.5',
    'coffee 0.520 0.940 0.908727',
    'minute(2) 1.390 2.040 0.947142',
    '<sil> 2.040 2.100 0.99',
    '</s> 2.050 2.350 1.000000',
  ].join('\n');

  it('keeps words with their times, drops fillers and pronunciation numbers', () => {
    expect(parseWordTimes(output)).toEqual([
      { text: 'fresh', start: 0.13, end: 0.51, confidence: 0.927179, utterance: 0 },
      { text: 'coffee', start: 0.52, end: 0.94, confidence: 0.908727, utterance: 0 },
      { text: 'minute', start: 1.39, end: 2.04, confidence: 0.947142, utterance: 0 },
    ]);
    expect(toTranscript(parseWordTimes(output)).text).toBe('fresh coffee minute');
  });

  it('treats unsure words as no speech', () => {
    const unsure = ['food 0.18 0.51 0.0125', 'food 1.21 1.51 0.0208', 'food 2.21 2.51 0.21'].join('\n');
    expect(toTranscript(parseWordTimes(unsure))).toEqual({ text: '', words: [] });
    expect(toTranscript([])).toEqual({ text: '', words: [] });
  });

  it('keeps the sentences heard clearly when another one is lost in music or echo', () => {
    const mixed = [
      '<s> 0.000 0.140 0.999100',
      'fresh 0.150 0.500 0.91',
      'bread 0.510 0.900 0.88',
      '</s> 0.910 1.000 1.000000',
      '<s> 1.200 1.220 0.999700',
      'food 1.230 1.500 0.02',
      'food 1.510 1.800 0.05',
      'food 1.810 2.100 0.03',
      'food 2.110 2.400 0.01',
      '</s> 2.410 2.500 1.000000',
    ].join('\n');
    expect(toTranscript(parseWordTimes(mixed))).toEqual({
      text: 'fresh bread',
      words: [
        { text: 'fresh', start: 0.15, end: 0.5 },
        { text: 'bread', start: 0.51, end: 0.9 },
      ],
    });
  });
});
