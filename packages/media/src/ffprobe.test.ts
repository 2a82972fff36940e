import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage, makeMusic, makeVideo, tempDir } from '../test/fixtures.ts';
import { probe, ProbeError } from './ffprobe.ts';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

describe('probe', () => {
  it('reads a video file', async () => {
    const path = await makeVideo(dir, 'clip.mp4', { width: 320, height: 568, seconds: 2 });
    const info = await probe(path);
    expect(info).toMatchObject({ hasVideo: true, hasAudio: false, width: 320, height: 568, videoCodec: 'h264', pixFmt: 'yuv420p' });
    expect(info.duration).toBeCloseTo(2, 1);
    expect(info.frameRate).toBe(30);
  });

  it('reads an audio file and a still image', async () => {
    const audio = await probe(await makeMusic(dir, 1.5));
    expect(audio).toMatchObject({ hasVideo: false, hasAudio: true, audioCodec: 'mp3', sampleRate: 44100 });
    expect(audio.duration).toBeGreaterThan(1.4);
    const image = await probe(await makeImage(dir, 'still.png', { width: 64, height: 32, colour: '#FF0000' }));
    expect(image).toMatchObject({ hasVideo: true, width: 64, height: 32, videoCodec: 'png' });
  });

  it('rejects missing files with the ffprobe message, and URLs before spawning anything', async () => {
    await expect(probe(join(dir, 'missing.mp4'))).rejects.toThrow(ProbeError);
    await expect(probe(join(dir, 'missing.mp4'))).rejects.toThrow(/No such file/);
    await expect(probe('http://127.0.0.1:9/a.mp4')).rejects.toThrow(/URL/);
  });
});
