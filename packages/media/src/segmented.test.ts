import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, makeImage, makeMusic, makeVoice, tempDir } from '../test/fixtures.ts';
import type { CompositionInput } from './composition.ts';
import { renderComposition } from './render.ts';
import { planSegments, renderSegmented } from './segmented.ts';
import { chunkWords } from './subtitles/ass.ts';

/** ffmpeg's log at info level, where the detect filters report. */
function ffmpegLog(args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile('ffmpeg', ['-hide_banner', '-nostdin', '-nostats', ...args], { maxBuffer: 64 * 1024 * 1024 }, (error, _out, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stderr),
    ),
  );
}

/** Per-frame MD5s of the decoded picture. */
async function frameHashes(path: string): Promise<string[]> {
  const out = (await ffmpeg(['-i', path, '-map', '0:v', '-f', 'framemd5', '-'])).toString();
  return out.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => line.split(',').at(-1)!.trim());
}

/** Each frame's PSNR (all planes) of `b` against `a`; Infinity where they are identical. */
async function framePsnr(dir: string, a: string, b: string): Promise<number[]> {
  const stats = join(dir, 'psnr.log');
  await ffmpeg(['-i', a, '-i', b, '-lavfi', `[0:v][1:v]psnr=stats_file=${stats}`, '-f', 'null', '-']);
  return (await readFile(stats, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => /psnr_avg:(\S+)/.exec(line)![1]!)
    .map((value) => (value === 'inf' ? Infinity : Number(value)));
}

/** Each stream's duration and packet count (one packet per frame for H.264 out of ffmpeg), without decoding. */
async function streams(path: string): Promise<{ video: number; audio: number; frames: number }> {
  const args = ['-v', 'error', '-count_packets', '-show_entries', 'stream=codec_type,duration,nb_read_packets', '-of', 'csv=p=0', path];
  const out = await new Promise<string>((resolve, reject) => execFile('ffprobe', args, (e, stdout) => (e ? reject(e) : resolve(stdout))));
  const of = (type: string) => out.split('\n').find((l) => l.startsWith(type))!.split(',').map(Number);
  return { video: of('video')[1]!, audio: of('audio')[1]!, frames: of('video')[2]! };
}

let dir: string;
let cleanup: () => Promise<void>;
let doc: CompositionInput;
const seconds = 12;

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
  const clip = async (name: string, source: string, length: number) => {
    const path = join(dir, name);
    await ffmpeg(['-f', 'lavfi', '-i', `${source}=s=720x1280:r=30:d=${length}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path]);
    return path;
  };
  const [first, second, broll, voice, music] = await Promise.all([
    clip('first.mp4', 'testsrc2', 5),
    clip('second.mp4', 'testsrc', 8),
    makeImage(dir, 'broll.png', { width: 600, height: 400, colour: '#E53935', border: 12 }),
    makeVoice(dir, seconds),
    makeMusic(dir, seconds),
  ]);
  const words = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen'.split(' ');
  doc = {
    duration: seconds,
    // A cut at 5 s between two moving sources; seams fall at 4 s and 8 s.
    background: { kind: 'clips', fit: 'loop', clips: [{ path: first!, duration: 5 }, { path: second!, duration: 8 }] },
    overlays: [{ imagePath: broll!, start: 7, end: 9 }],
    voiceover: { path: voice!, duration: seconds },
    // The music plays under everything, so the soundtrack is never silent.
    music: { path: music!, volume: 0.4, duck: true },
    subtitles: { cues: chunkWords(words.map((text, i) => ({ text, start: 0.3 + i * 0.7, end: 0.9 + i * 0.7 })), 3), style: 'Hormozi' },
  };
});
afterAll(() => cleanup());

describe('a segmented final render', () => {
  it('ends on the end card after the closing image, the soundtrack as long as the picture', { timeout: 120_000 }, async () => {
    const [closing, card] = await Promise.all([
      makeImage(dir, 'closing.png', { width: 1080, height: 1920, colour: '#1E88E5' }),
      makeImage(dir, 'card.png', { width: 1080, height: 1920, colour: '#F4B400' }),
    ]);
    const short: CompositionInput = {
      duration: 2,
      background: doc.background,
      music: doc.music,
      closingImage: { path: closing, duration: 1.5 },
      endCard: { path: card, duration: 1.5 },
    };
    const output = join(dir, 'carded.mp4');
    const result = await renderSegmented(short, { profile: 'final', outputPath: output, segments: 2, workDir: dir });
    expect(result.segments).toBe(2);
    const split = await streams(output);
    expect(split.frames).toBe(5 * 30);
    expect(Math.abs(split.audio - split.video)).toBeLessThan(1 / 30);
    const hash = await frameHashes(output);
    // The last frames are one still, the card: identical, and different from the closing image's.
    expect(new Set(hash.slice(-40)).size).toBe(1);
    expect(hash.at(-50)).not.toBe(hash.at(-1));
    const rgb = await ffmpeg(['-sseof', '-0.2', '-i', output, '-frames:v', '1', '-vf', 'scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
    expect([...rgb].map((v, i) => Math.abs(v - [0xf4, 0xb4, 0x00][i]!) < 30)).toEqual([true, true, true]);
  });

  it('matches the single pass of the same document frame for frame, with clean seams', { timeout: 300_000 }, async () => {
    const { bounds } = planSegments(doc, { profile: 'final', segments: 3 });
    const seams = bounds.slice(1).map((b) => b.startFrame);
    expect(seams).toEqual([120, 240]);

    const single = join(dir, 'single.mp4');
    const segmented = join(dir, 'segmented.mp4');
    await renderComposition(doc, { profile: 'final', outputPath: single });
    const progress: number[] = [];
    const result = await renderSegmented(doc, { profile: 'final', outputPath: segmented, segments: 3, workDir: dir, onProgress: (p) => progress.push(p) });
    expect(result.segments).toBe(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);

    const [one, split, b] = await Promise.all([streams(single), streams(segmented), frameHashes(segmented)]);
    expect(split.frames).toBe(seconds * 30);
    expect(split.frames).toBe(one.frames);
    expect(b).toHaveLength(split.frames);
    for (const seam of seams) {
      // The source moves every frame, so a repeated (or dropped-and-held) frame at a seam shows as equal neighbours.
      for (const i of [seam - 1, seam]) expect(b[i], `frames ${i} and ${i + 1}`).not.toBe(b[i + 1]);
    }

    const psnr = await framePsnr(dir, single, segmented);
    expect(psnr).toHaveLength(split.frames);
    expect(Math.min(...psnr)).toBeGreaterThanOrEqual(45);
    // The first segment starts where the single pass starts and sees the same frames ahead: it is the same encode.
    expect(psnr.slice(0, seams[0]).filter((p) => p !== Infinity).length).toBeLessThan(10);

    expect(Math.abs(split.video - seconds)).toBeLessThan(1 / 30);
    expect(Math.abs(split.video - one.video)).toBeLessThan(1 / 30);
    expect(Math.abs(split.audio - split.video)).toBeLessThan(1 / 30);

    const log = await ffmpegLog(['-i', segmented, '-vf', 'blackdetect=d=0:pix_th=0.1', '-af', 'silencedetect=n=-50dB:d=0.02', '-f', 'null', '-']);
    expect(log).not.toMatch(/black_start/);
    expect(log).not.toMatch(/silence_start/);
  });
});
