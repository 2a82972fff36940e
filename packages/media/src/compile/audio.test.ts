import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, makeMusic, tempDir } from '../../test/fixtures.ts';
import { probe } from '../ffprobe.ts';
import { renderComposition } from '../render.ts';

let dir: string;
let cleanup: () => Promise<void>;
let talkingVideo: string;
let music: string;

/** Mean level in dB of one frequency band of `path` between two times. */
function bandLevel(path: string, frequency: number, from: number, to: number): Promise<number> {
  const args = ['-hide_banner', '-nostats', '-ss', String(from), '-t', String(to - from), '-i', path, '-map', '0:a'];
  args.push('-af', `bandpass=f=${frequency}:width_type=q:w=8,bandpass=f=${frequency}:width_type=q:w=8,volumedetect`, '-f', 'null', '-');
  return new Promise((resolve, reject) =>
    execFile('ffmpeg', args, (error, _out, stderr) => {
      const match = /mean_volume: (-?[\d.]+|-inf) dB/.exec(stderr);
      if (error || !match) reject(error ?? new Error(stderr.slice(-400)));
      else resolve(match[1] === '-inf' ? -120 : Number(match[1]));
    }),
  );
}

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
  // A user's own recording: picture plus a 1 kHz tone for its first 2 s and silence for the last 2 s.
  talkingVideo = join(dir, 'talking.mp4');
  await ffmpeg([
    '-f', 'lavfi', '-i', 'testsrc2=s=360x640:r=30:d=4',
    '-f', 'lavfi', '-i', 'aevalsrc=0.4*sin(2*PI*1000*t)*lt(t\\,2):s=44100:d=4',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', talkingVideo,
  ]);
  music = await makeMusic(dir, 4);
});
afterAll(() => cleanup());

describe('soundtrack from a video’s own sound', () => {
  it('keeps the sound of a background video used as the voice track, with the music ducking under it', async () => {
    const output = join(dir, 'own-sound.mp4');
    await renderComposition(
      {
        background: { kind: 'clips', fit: 'trim', clips: [{ path: talkingVideo, duration: 4 }] },
        voiceover: { path: talkingVideo, duration: 4 },
        music: { path: music, volume: 0.25, duck: true },
      },
      { profile: 'preview', outputPath: output },
    );
    const info = await probe(output);
    expect(info.hasAudio).toBe(true);
    expect(info.duration).toBeCloseTo(4, 0);
    const tone = await bandLevel(output, 1000, 0.3, 1.7);
    expect(tone).toBeGreaterThan(-30);
    expect(await bandLevel(output, 1000, 2.6, 3.8)).toBeLessThan(tone - 20);
    // The music (330 Hz) is pushed down while the video's own sound plays, and comes back once it stops.
    const musicUnderSound = await bandLevel(output, 330, 0.5, 1.7);
    const musicAlone = await bandLevel(output, 330, 2.8, 3.8);
    expect(musicAlone - musicUnderSound).toBeGreaterThan(6);
  });
});
