import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ffmpeg,
  frameAt,
  integratedLoudness,
  makeImage,
  makeMusic,
  makeVideo,
  makeVoice,
  near,
  pixel,
  tempDir,
  type RgbFrame,
} from '../test/fixtures.ts';
import { transitionNames, type CompositionInput } from './composition.ts';
import { probe } from './ffprobe.ts';
import { renderComposition } from './render.ts';
import { FfmpegError } from './runner.ts';
import { chunkWords } from './subtitles/ass.ts';

const red = '#FF0000';
const blue = '#0000FF';
const broll = '#E53935';
const logoColour = '#00FF00';
const closingColour = '#1E88E5';
const cardColour = '#F4B400';

/** Mean level in dB of the sound between two times. */
function meanVolume(path: string, from: number, to: number): Promise<number> {
  const args = ['-hide_banner', '-nostats', '-ss', String(from), '-t', String(to - from), '-i', path, '-map', '0:a', '-af', 'volumedetect', '-f', 'null', '-'];
  return new Promise((resolve, reject) =>
    execFile('ffmpeg', args, (error, _out, stderr) => {
      const match = /mean_volume: (-?[\d.]+) dB/.exec(stderr);
      if (error || !match) reject(error ?? new Error(stderr.slice(-400)));
      else resolve(Number(match[1]));
    }),
  );
}

let dir: string;
let cleanup: () => Promise<void>;
const media: Record<string, string> = {};

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
  const made = await Promise.all([
    makeVideo(dir, 'portrait.mp4', { width: 720, height: 1280, seconds: 2 }),
    makeVideo(dir, 'landscape.mp4', { width: 1920, height: 1080, seconds: 2 }),
    makeImage(dir, 'broll.png', { width: 400, height: 300, colour: broll }),
    makeImage(dir, 'logo.png', { width: 100, height: 100, colour: logoColour }),
    makeImage(dir, 'closing.png', { width: 600, height: 600, colour: closingColour }),
    makeImage(dir, 'red.png', { width: 720, height: 1280, colour: red, border: 40 }),
    makeImage(dir, 'blue.png', { width: 720, height: 1280, colour: blue }),
    makeVoice(dir, 6),
    makeMusic(dir, 4),
  ]);
  for (const path of made) media[path.slice(dir.length + 1)] = path;
});
afterAll(() => cleanup());

const preview = (name: string) => ({ profile: 'preview' as const, outputPath: join(dir, name) });
const share = (frame: RgbFrame, hex: string) => {
  let n = 0;
  for (let i = 0; i < frame.width * frame.height; i += 97) if (near(pixel(frame, i % frame.width, Math.floor(i / frame.width)), hex)) n++;
  return n / Math.ceil((frame.width * frame.height) / 97);
};

describe('renderComposition (preview profile)', () => {
  it('renders clips, a timed B-roll, captions, the logo, a closing image and normalised audio', async () => {
    const words = 'Two clips one voice and a logo'.split(' ').map((text, i) => ({ text, start: 0.3 + i * 0.7, end: 0.9 + i * 0.7 }));
    const doc: CompositionInput = {
      background: {
        kind: 'clips',
        clips: [
          { path: media['portrait.mp4']!, duration: 2 },
          { path: media['landscape.mp4']!, duration: 2, trimStart: 0.5 },
        ],
        fit: 'loop',
      },
      overlays: [{ imagePath: media['broll.png']!, start: 2, end: 4 }],
      voiceover: { path: media['voice.wav']!, duration: 6 },
      music: { path: media['music.mp3']!, volume: 0.4, duck: true },
      subtitles: { cues: chunkWords(words, 3), style: 'Hormozi', position: 'bottom', fontSize: 'medium' },
      closingImage: { path: media['closing.png']!, duration: 1.5 },
      logo: { path: media['logo.png']!, corner: 'bottom-left' },
    };
    const out = preview('full.mp4');
    await renderComposition(doc, out);

    expect(existsSync(`${out.outputPath}.ass`)).toBe(false);
    const info = await probe(out.outputPath);
    expect(info).toMatchObject({ width: 540, height: 960, videoCodec: 'h264', pixFmt: 'yuv420p', audioCodec: 'aac', sampleRate: 48000, channels: 2 });
    expect(info.duration).toBeGreaterThan(7.4);
    expect(info.duration).toBeLessThan(7.6);

    const at = (t: number) => frameAt(out.outputPath, t, 540, 960);
    const [before, inside, after, closing] = await Promise.all([at(1.5), at(3), at(4.5), at(7)]);
    expect(near(pixel(inside, 270, 480), broll)).toBe(true);
    expect(near(pixel(before, 270, 480), broll)).toBe(false);
    expect(near(pixel(after, 270, 480), broll)).toBe(false);
    // 180 px wide at 1080 -> 90 px at 540, 24 px from the bottom-left corner; it stays over the closing image.
    for (const frame of [before, closing]) expect(near(pixel(frame, 24 + 45, 960 - 24 - 45), logoColour)).toBe(true);
    expect(near(pixel(closing, 270, 480), closingColour)).toBe(true);
    expect(near(pixel(closing, 270, 60), '#000000')).toBe(true);

    expect(Math.abs((await integratedLoudness(out.outputPath)) + 14)).toBeLessThanOrEqual(1);
  });

  it('blends a half-opaque logo and shows the end card last, without the corner logo, with the music under it', async () => {
    const card = await makeImage(dir, 'card.png', { width: 1080, height: 1920, colour: cardColour });
    const doc: CompositionInput = {
      background: { kind: 'scenes', scenes: [{ imagePath: media['blue.png']!, duration: 1.5, zoom: false }] },
      music: { path: media['music.mp3']!, volume: 0.4 },
      logo: { path: media['logo.png']!, opacity: 0.5 },
      closingImage: { path: media['closing.png']!, duration: 1 },
      endCard: { path: card, duration: 1 },
    };
    const out = preview('branded.mp4');
    await renderComposition(doc, out);
    const info = await probe(out.outputPath);
    expect(info.duration).toBeGreaterThan(3.4);
    expect(info.duration).toBeLessThan(3.6);

    const at = (t: number) => frameAt(out.outputPath, t, 540, 960);
    const [main, closing, end] = await Promise.all([at(0.7), at(2), at(3.2)]);
    // The top-right logo, 90 px wide and 24 px in: half green over blue.
    const [r, g, b] = pixel(main, 540 - 24 - 45, 24 + 45);
    expect([r, g, b].map((v) => Math.abs(v - 128) < 30)).toEqual([false, true, true]);
    expect(r).toBeLessThan(30);
    expect(near(pixel(closing, 270, 480), closingColour)).toBe(true);
    expect(near(pixel(end, 270, 480), cardColour)).toBe(true);
    expect(near(pixel(end, 540 - 24 - 45, 24 + 45), cardColour)).toBe(true);
    expect(await meanVolume(out.outputPath, 2.6, 3.4)).toBeGreaterThan(-35);
  });

  it('loops a single clip to the requested length and holds the last frame when trimming', async () => {
    const clip = { path: media['portrait.mp4']!, duration: 2 };
    const looped = preview('looped.mp4');
    await renderComposition({ duration: 5, background: { kind: 'clips', clips: [clip], fit: 'loop' } }, looped);
    const held = preview('held.mp4');
    await renderComposition({ duration: 3, background: { kind: 'clips', clips: [clip], fit: 'trim' } }, held);
    expect((await probe(looped.outputPath)).duration).toBeCloseTo(5, 1);
    expect((await probe(held.outputPath)).duration).toBeCloseTo(3, 1);
    const [last, later] = await Promise.all([frameAt(held.outputPath, 2.5, 540, 960), frameAt(held.outputPath, 2.9, 540, 960)]);
    expect(last.data.equals(later.data)).toBe(true);
  });

  it('gives each clip with a fixed length exactly its slot, cutting a long source and holding a short one', async () => {
    const solid = async (name: string, colour: string, seconds: number) => {
      const path = join(dir, name);
      await ffmpeg(['-f', 'lavfi', '-i', `color=c=${colour}:s=360x640:r=30:d=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path]);
      return path;
    };
    const green = '#00FF00';
    const [first, second, third] = await Promise.all([solid('s1.mp4', red, 3), solid('s2.mp4', blue, 0.5), solid('s3.mp4', green, 2)]);
    const out = preview('slots.mp4');
    await renderComposition(
      {
        background: {
          kind: 'clips',
          fit: 'trim',
          clips: [
            { path: first!, duration: 3, length: 1.5 },
            { path: second!, duration: 0.5, length: 2 },
            { path: third!, duration: 2, length: 1 },
          ],
        },
      },
      out,
    );
    expect((await probe(out.outputPath)).duration).toBeCloseTo(4.5, 1);
    const at = (t: number) => frameAt(out.outputPath, t, 540, 960);
    const [inFirst, endOfFirst, heldSecond, inThird] = await Promise.all([at(0.5), at(1.35), at(3.2), at(4.2)]);
    expect(near(pixel(inFirst, 270, 480), red)).toBe(true);
    expect(near(pixel(endOfFirst, 270, 480), red)).toBe(true);
    // The blue source lasts 0.5 s; its last frame holds until the third slot starts at 3.5 s.
    expect(near(pixel(heldSecond, 270, 480), blue)).toBe(true);
    expect(near(pixel(inThird, 270, 480), green)).toBe(true);
  });

  it('keeps ffmpeg off the network even when a local file points at a URL', async () => {
    const playlist = join(dir, 'remote.m3u8');
    await writeFile(playlist, '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nhttp://127.0.0.1:9/seg.ts\n#EXT-X-ENDLIST\n');
    const doc: CompositionInput = { background: { kind: 'clips', clips: [{ path: playlist, duration: 2 }] } };
    const error = await renderComposition(doc, preview('remote.mp4')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).stderrTail).toContain("Protocol 'http' not on whitelist 'file,pipe'");
  });

  it.each(transitionNames)('renders image scenes with the %s transition and a Ken Burns zoom', async (transition) => {
    const out = preview(`scenes-${transition}.mp4`);
    await renderComposition(
      {
        background: {
          kind: 'scenes',
          scenes: [
            { imagePath: media['red.png']!, duration: 1.5, zoom: true },
            { imagePath: media['blue.png']!, duration: 1.5, zoom: false },
          ],
          transition,
          transitionDuration: 0.5,
        },
      },
      out,
    );
    const info = await probe(out.outputPath);
    expect(info.duration).toBeCloseTo(2.5, 1);
    expect(info.hasAudio).toBe(true);
    const at = (t: number) => frameAt(out.outputPath, t, 540, 960);
    const [start, zoomed, middle, end] = await Promise.all([at(0.05), at(0.95), at(1.25), at(2.3)]);
    // The white border of the first image is 30 px wide at zoom 1 and has zoomed out of the picture a second later.
    expect(near(pixel(start, 12, 480), '#FFFFFF')).toBe(true);
    expect(near(pixel(zoomed, 12, 480), red)).toBe(true);
    expect(share(middle, red)).toBeLessThan(0.9);
    expect(share(middle, blue)).toBeLessThan(0.9);
    expect(near(pixel(end, 270, 480), blue)).toBe(true);
  });
});
