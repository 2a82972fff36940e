import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { probe } from './ffprobe.ts';
import { recognitionSampleRate, recognitionWavArgs, writeRecognitionWav } from './transcode.ts';

describe('recognitionWavArgs', () => {
  it('maps the first audio stream to 16 kHz mono 16-bit WAV and drops the picture', () => {
    const args = recognitionWavArgs({ input: '/in/clip.mp4', output: '/out/speech.wav' });
    expect(args.slice(args.indexOf('-i'), args.indexOf('-i') + 2)).toEqual(['-i', '/in/clip.mp4']);
    expect(args.join(' ')).toContain('-map 0:a:0 -vn');
    expect(args.join(' ')).toContain(`-ac 1 -ar ${recognitionSampleRate} -c:a pcm_s16le -f wav /out/speech.wav`);
    expect(args).not.toContain('-t');
    expect(args.at(-1)).toBe('/out/speech.wav');
  });

  it('limits the length only when asked', () => {
    const args = recognitionWavArgs({ input: '/in/clip.mp4', output: '/out/speech.wav', maxSeconds: 59 });
    expect(args[args.indexOf('-t') + 1]).toBe('59');
    expect(args.indexOf('-t')).toBeGreaterThan(args.indexOf('-i'));
  });

  it('refuses URLs, relative paths, other outputs and a non-positive limit', () => {
    expect(() => recognitionWavArgs({ input: 'http://x/clip.mp4', output: '/out/a.wav' })).toThrow();
    expect(() => recognitionWavArgs({ input: 'clip.mp4', output: '/out/a.wav' })).toThrow();
    expect(() => recognitionWavArgs({ input: '/in/clip.mp4', output: '/out/a.mp3' })).toThrow(/\.wav/);
    expect(() => recognitionWavArgs({ input: '/in/clip.mp4', output: '/out/a.wav', maxSeconds: 0 })).toThrow(/positive/);
  });
});

describe('writeRecognitionWav', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rs-transcode-'));
  const clip = join(dir, 'clip.mp4');
  beforeAll(() => {
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=180x320:rate=25:duration=4', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4:sample_rate=44100', '-ac', '2', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', clip]);
  });

  it('turns a stereo 44.1 kHz video into a 16 kHz mono WAV of the asked length', async () => {
    const output = join(dir, 'speech.wav');
    await writeRecognitionWav({ input: clip, output, maxSeconds: 2.5 });
    const info = await probe(output);
    expect(info).toMatchObject({ hasVideo: false, hasAudio: true, audioCodec: 'pcm_s16le', sampleRate: 16000, channels: 1 });
    expect(info.duration).toBeCloseTo(2.5, 1);
    expect(readFileSync(output).subarray(0, 4).toString('ascii')).toBe('RIFF');
  });
});
