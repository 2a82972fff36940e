import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe } from '@reelsmith/media';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { phonePhoto, phonePhotoTop } from '../../../test/phone-photo.ts';
import { fitImage, fitSteps } from './image-fit.ts';

const dir = mkdtempSync(join(tmpdir(), 'rs-image-fit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const path = (name: string) => join(dir, name);

/** The colour around (x, y) as ffmpeg decodes the file: a reader other than the one that made it. */
function ffmpegPixel(file: string, x: number, y: number): number[] {
  const crop = `crop=16:16:${x - 8}:${y - 8},scale=1:1`;
  return [...execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-vf', crop, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'])];
}
const near = (rgb: readonly number[], target: readonly number[]) => rgb.every((v, i) => Math.abs(v - target[i]!) < 50);

describe('fitImage', () => {
  it('turns a phone photo upright by its EXIF orientation and keeps it at 1920 px on its long side, as a JPEG', async () => {
    const original = path('phone.jpg');
    writeFileSync(original, phonePhoto(path('sensor.jpg')));
    // The pixels lie on their side, and only the tag says so: what reads the pixels alone (ffprobe's size, a vendor's
    // model) sees a landscape picture.
    expect(await probe(original)).toMatchObject({ width: 4000, height: 3000 });
    expect((await sharp(original).metadata()).orientation).toBe(6);

    const fitted = (await fitImage(original, { maxSide: 1920 }))!;
    expect(fitted).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg', width: 1440, height: 1920 });
    const stored = path('phone-fitted.jpg');
    writeFileSync(stored, fitted.content);
    expect(await probe(stored)).toMatchObject({ width: 1440, height: 1920 });
    // The band the camera put along the sensor's left edge is at the top, as the person holding the phone saw it.
    expect(near(ffmpegPixel(stored, 720, 20), phonePhotoTop)).toBe(true);
    expect(near(ffmpegPixel(stored, 720, 1900), phonePhotoTop)).toBe(false);
    // Nothing of the camera's metadata is kept, so no reader turns it a second time.
    const metadata = await sharp(fitted.content).metadata();
    expect([metadata.orientation, metadata.exif]).toEqual([undefined, undefined]);
    expect(fitted.content.length).toBeLessThan(1.8 * 1024 * 1024);
  });

  it('keeps a logo with transparency as a PNG with its alpha, and never enlarges a small image', async () => {
    const logo = path('logo.png');
    await sharp({ create: { width: 3000, height: 1000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 1000, height: 600, channels: 4, background: '#f97316' } }, left: 1000, top: 200 }])
      .png()
      .toFile(logo);
    const fitted = (await fitImage(logo, { maxSide: 1080 }))!;
    expect(fitted).toMatchObject({ contentType: 'image/png', extension: 'png', width: 1080, height: 360 });
    const { data, info } = await sharp(fitted.content).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBe(0);
    expect([...data.subarray((180 * 1080 + 540) * 4, (180 * 1080 + 540) * 4 + 4)]).toEqual([249, 115, 22, 255]);

    // An alpha channel that hides nothing is no reason for a PNG.
    const small = path('small.png');
    await sharp({ create: { width: 200, height: 120, channels: 4, background: '#f97316' } }).png().toFile(small);
    expect(await fitImage(small, { maxSide: 1920 })).toMatchObject({ contentType: 'image/jpeg', width: 200, height: 120 });
  });

  it('meets a stored byte limit by lower quality, then fewer pixels, and answers null when nothing meets it', async () => {
    // Noise is the worst case for a JPEG: at 1920x1920 and quality 75 it is still over 1 MB.
    const noise = path('noise.png');
    await sharp(randomBytes(1920 * 1920 * 3), { raw: { width: 1920, height: 1920, channels: 3 } }).png().toFile(noise);
    const unlimited = (await fitImage(noise, { maxSide: 1920 }))!;
    expect(unlimited.content.length).toBeGreaterThan(1024 * 1024);

    const limited = (await fitImage(noise, { maxSide: 1920, storedMaxBytes: 1024 * 1024 }))!;
    expect(limited.content.length).toBeLessThanOrEqual(1024 * 1024);
    expect(limited).toMatchObject({ contentType: 'image/jpeg', width: 1440, height: 1440 });
    expect(await fitImage(noise, { maxSide: 1920, storedMaxBytes: 1000 })).toBeNull();
  });
});

describe('fitSteps', () => {
  it('tries one encoding without a limit; with one, JPEG quality before size, and a PNG only its size', () => {
    expect(fitSteps('jpeg', false)).toEqual([{ scale: 1, quality: 85 }]);
    expect(fitSteps('jpeg', true).map((step) => [step.scale, step.quality])).toEqual([
      [1, 85],
      [1, 75],
      [0.75, 75],
      [0.5, 75],
      [0.35, 75],
    ]);
    expect(fitSteps('png', true)).toEqual([{ scale: 1 }, { scale: 0.75 }, { scale: 0.5 }, { scale: 0.35 }]);
  });
});
