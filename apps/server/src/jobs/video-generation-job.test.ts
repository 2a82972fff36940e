import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VideoGenerationsRepository } from '../db/repositories/video-generations.ts';
import { createMediaPort } from '../providers/media/index.ts';
import { createStorage } from '../providers/storage/index.ts';
import { createMotionTemplates } from '../providers/video-generation/index.ts';
import { VideoGenerationError, type GenerationRequest, type VideoGenerator } from '../providers/video-generation/types.ts';
import { createVideoGenerationJob, pieceShares, videoGenerationPayload, type VideoGenerationInput } from './video-generation-job.ts';

describe('pieceShares', () => {
  it('shows whole pieces and then what is left of the scene', () => {
    expect(pieceShares(14, [10, 5])).toEqual([10, 4]);
    expect(pieceShares(3.5, [5])).toEqual([3.5]);
    expect(pieceShares(20, [10, 10])).toEqual([10, 10]);
  });

  it('never leaves a chained scene a last piece shorter than a second', () => {
    const shares = pieceShares(10.2, [10, 5]);
    expect(shares[1]).toBe(1);
    expect(shares[0]! + shares[1]!).toBeCloseTo(10.2, 6);
  });
});

describe('the generation payload', () => {
  const scene = { imageKey: 'users/u1/uploads/a.png', prompt: 'zoom in', seconds: 5 };
  it('takes storage keys, one of the five transitions and a render key', () => {
    expect(videoGenerationPayload.safeParse({ scenes: [scene], join: { transition: 'smoothleft' }, outputKey: 'users/u1/renders/x.mp4' }).success).toBe(true);
    expect(videoGenerationPayload.safeParse({ scenes: [{ ...scene, imageKey: '/etc/passwd' }], outputKey: 'users/u1/renders/x.mp4' }).success).toBe(false);
    expect(videoGenerationPayload.safeParse({ scenes: [scene], join: { transition: 'spin' }, outputKey: 'users/u1/renders/x.mp4' }).success).toBe(false);
    expect(videoGenerationPayload.safeParse({ scenes: [{ ...scene, seconds: 0.5 }], outputKey: 'users/u1/renders/x.mp4' }).success).toBe(false);
    expect(videoGenerationPayload.safeParse({ scenes: [], outputKey: 'users/u1/renders/x.mp4' }).success).toBe(false);
  });
});

describe('a brand look in the generation payload', () => {
  const scene = { imageKey: 'users/u1/uploads/a.png', prompt: 'zoom in', seconds: 5 };
  const look = { text: '#ffffff', accent: '#d6006f', onAccent: '#ffffff', cta: '#d6006f', shadow: '#101010', headingFont: 'Bebas Neue Bold', bodyFont: 'Roboto Black' };
  const outputKey = 'users/u1/renders/x.mp4';

  it('takes colours as #rrggbb and face names that cannot break the words’ styles', () => {
    expect(videoGenerationPayload.parse({ scenes: [scene], look, outputKey }).look).toEqual(look);
    expect(videoGenerationPayload.safeParse({ scenes: [scene], look: { ...look, accent: 'magenta' }, outputKey }).success).toBe(false);
    expect(videoGenerationPayload.safeParse({ scenes: [scene], look: { ...look, headingFont: 'Inter,0,&H00FFFFFF' }, outputKey }).success).toBe(false);
    expect(videoGenerationPayload.safeParse({ scenes: [scene], look: { ...look, bodyFont: 'x'.repeat(81) }, outputKey }).success).toBe(false);
  });

  it('reaches the motion templates with the scene’s words, and never a vendor', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-look-job-'));
    const media = createMediaPort();
    const storage = createStorage({ dataDir: dir });
    const still = join(dir, 'still.png');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x1e6fd9:s=400x600', '-frames:v', '1', still]);
    const imageKey = (await storage.putFile('users/u1/uploads/still.png', still, 'image/png')).key;
    const templates = createMotionTemplates({ media, localDir: join(dir, 'motion') });
    const asked: GenerationRequest[] = [];
    const recording: VideoGenerator = { ...templates, submit: (request, signal) => (asked.push(request), templates.submit(request, signal)) };
    const vendor: VideoGenerator = {
      name: 'fal',
      lengths: [5],
      submit: async (request) => {
        asked.push(request);
        throw new VideoGenerationError('refused', 'not this time');
      },
      status: async () => ({ state: 'failed' }),
      cancel: async () => undefined,
    };
    const generations = { forJob: async () => [], countVendorSince: async () => 0 } as unknown as VideoGenerationsRepository;
    const job = createVideoGenerationJob({ generator: vendor, templates: recording, generations, storage, media, tmpDir: join(dir, 'tmp'), limits: { runningPerUser: 1, perDay: 10, jobMinutes: 2 } });
    const context = { jobId: 'job-1', userId: 'u1', attempt: 1, signal: new AbortController().signal, progress: () => undefined };
    const input: VideoGenerationInput = { scenes: [{ imageKey, prompt: 'the product on a table', seconds: 2, caption: 'Fresh every morning', template: { name: 'showcase' } }], look, motionTemplates: true, outputKey: 'users/u1/renders/look.mp4' };

    expect(await job.handler(job.payload.parse(input), context)).toEqual({ key: input.outputKey });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.template).toMatchObject({ name: 'showcase', words: { headline: 'Fresh every morning' }, look });

    await expect(job.handler(job.payload.parse({ ...input, motionTemplates: undefined, scenes: [{ ...input.scenes[0]!, seconds: 5 }] }), { ...context, jobId: 'job-2' })).rejects.toThrow();
    expect(asked).toHaveLength(2);
    expect(asked[1]!.template).toBeUndefined();

    // The brand's uploaded font goes to the templates as a local file, its family naming the face; another user's does not.
    const fontKey = (await storage.putFile('users/u1/brands/b1/font-1.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', 'font/ttf')).key;
    const branded = { ...input, look: { ...look, headingFont: 'DejaVu Sans', fontKey }, outputKey: 'users/u1/renders/look-font.mp4' };
    expect(await job.handler(job.payload.parse(branded), { ...context, jobId: 'job-3' })).toEqual({ key: branded.outputKey });
    expect(asked[2]!.template).toMatchObject({ look: { headingFont: 'DejaVu Sans' }, fontFile: expect.stringMatching(/font-1\.ttf$/) });
    expect(asked[2]!.template!.look).not.toHaveProperty('fontKey');
    const theirs = (await storage.putFile('users/u2/brands/b2/font-2.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', 'font/ttf')).key;
    await job.handler(job.payload.parse({ ...branded, look: { ...branded.look, fontKey: theirs }, outputKey: 'users/u1/renders/look-theirs.mp4' }), { ...context, jobId: 'job-4' });
    expect(asked[3]!.template).not.toHaveProperty('fontFile');
  }, 120_000);
});
