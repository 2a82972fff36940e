import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import { defineEndpoint, genericMessages, uploadMessages, uploadPolicies, uploadPurposeSchema } from '@reelsmith/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UserFacingError } from '../errors.ts';
import type { Auth } from '../platform/auth.ts';
import { createEndpointRouter } from './endpoint-router.ts';
import { registerErrorHandler } from './errors.ts';

const auth = { readSession: async () => ({ id: 'u1', email: 'me@example.com', name: 'Me' }) } as unknown as Auth;
const showcaseLimit = uploadPolicies['showcase-image'].maxBytes;
const fileSummary = z.object({ name: z.string(), filename: z.string(), size: z.number(), tooLarge: z.boolean(), text: z.string() });

/** Photos in memory: numbered ones, and a required cover with its own words for a cover over its limit. */
const photos = defineEndpoint({
  method: 'POST',
  path: '/api/photos',
  summary: 'Photos',
  tag: 'test',
  access: 'session',
  body: 'upload',
  request: z.object({ user_id: z.string() }).catchall(z.string()),
  upload: {
    files: { 'photo#': { policy: 'showcase-image' }, cover: { policy: 'logo', required: true, tooLarge: (field, message) => `The ${field}: ${message}` } },
    maxFiles: 4,
    tooManyFiles: 'Four files at most.',
    storage: 'memory',
  },
  response: z.object({ fields: z.record(z.string(), z.string()), files: z.array(fileSummary) }),
  namesUser: { id: 'user_id' },
});

/** A clip on disk, its policy named by the path; over the limit it is marked, not refused. */
const clips = defineEndpoint({
  method: 'POST',
  path: '/api/clips/:purpose',
  summary: 'Clips',
  tag: 'test',
  access: 'session',
  body: 'upload',
  params: z.object({ purpose: uploadPurposeSchema }),
  request: z.object({ fail: z.string().optional() }),
  upload: { files: { clip: { policy: { param: 'purpose' }, overLimit: 'mark' }, poster: { policy: 'showcase-image' } }, maxFiles: 2, storage: 'scratch', plainForm: true },
  response: z.object({ clip: z.object({ size: z.number(), tooLarge: z.boolean(), bytesOnDisk: z.number() }).nullable() }),
});

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer };

function form(parts: Part[]) {
  const boundary = '----routertest';
  const body = parts.flatMap((part) => {
    const disposition = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ('value' in part) return [Buffer.from(`${disposition}\r\n\r\n${part.value}\r\n`)];
    return [Buffer.from(`${disposition}; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`), part.content, Buffer.from('\r\n')];
  });
  return { payload: Buffer.concat([...body, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const file = (name: string, content: string | Buffer, filename = `${name}.bin`): Part => ({ name, filename, content: Buffer.from(content) });
const field = (name: string, value: string): Part => ({ name, value });

describe('endpoint router: upload bodies read from the endpoint’s spec', () => {
  const scratchDir = mkdtempSync(join(tmpdir(), 'rs-router-uploads-'));
  const seenOnDisk: string[] = [];
  const app = Fastify();

  beforeAll(async () => {
    registerErrorHandler(app);
    await app.register(multipart, { limits: { fileSize: 200 * 1024 * 1024, files: 12 } });
    const router = createEndpointRouter(app, { auth, scratchDir, validateResponses: true });
    router.route(photos, ({ input, files }) => ({
      fields: input,
      files: [...files].map(([name, held]) => ({ name, filename: held.filename, size: held.size, tooLarge: held.tooLarge, text: held.content.toString() })),
    }));
    router.route(clips, ({ input, files }) => {
      const clip = files.get('clip');
      if (clip) seenOnDisk.push(clip.path);
      const answer = { clip: clip ? { size: clip.size, tooLarge: clip.tooLarge, bytesOnDisk: readFileSync(clip.path).length } : null };
      if (input.fail) throw new UserFacingError(409, 'The handler gave up.');
      return answer;
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (url: string, parts: Part[]) => app.inject({ method: 'POST', url, ...form(parts) });
  const answer = async (response: Awaited<ReturnType<typeof post>>) => ({ status: response.statusCode, body: response.json() });

  it('hands the handler its checked fields and each named file, dropping a file under another name and an empty file input', async () => {
    const response = await post('/api/photos', [
      file('photo1', 'first'),
      field('user_id', 'u1'),
      field('caption', 'Fresh bread'),
      file('photo2', '', ''),
      file('stray', 'not asked for'),
      file('cover', 'the cover'),
    ]);
    expect(await answer(response)).toEqual({
      status: 200,
      body: {
        fields: { user_id: 'u1', caption: 'Fresh bread' },
        files: [
          { name: 'photo1', filename: 'photo1.bin', size: 5, tooLarge: false, text: 'first' },
          { name: 'cover', filename: 'cover.bin', size: 9, tooLarge: false, text: 'the cover' },
        ],
      },
    });
  });

  it('refuses one file too many with the spec’s words, whatever the files are called', async () => {
    const five = [field('user_id', 'u1'), file('photo1', 'a'), file('photo2', 'b'), file('photo3', 'c'), file('cover', 'd'), file('stray', 'e')];
    expect(await answer(await post('/api/photos', five))).toEqual({ status: 400, body: { error: 'Four files at most.' } });
  });

  it('refuses a file over its policy’s limit with the policy’s text and its real size, in the field’s own words where it has them', async () => {
    const big = Buffer.alloc(showcaseLimit + 10 * 1024, 7);
    expect(await answer(await post('/api/photos', [field('user_id', 'u1'), file('photo1', big)]))).toEqual({
      status: 413,
      body: { error: 'File too large (25.01 MB). Max 25 MB allowed.' },
    });
    const cover = Buffer.alloc(uploadPolicies.logo.maxBytes + 1, 7);
    expect(await answer(await post('/api/photos', [field('user_id', 'u1'), file('cover', cover)]))).toEqual({
      status: 413,
      body: { error: `The cover: ${uploadPolicies.logo.tooLargeMessage()}`, field: 'cover' },
    });
  });

  it('needs a required file once the fields have passed: a text in its place is no file, nor is a body that is not multipart', async () => {
    const missing = { status: 400, body: { error: uploadMessages.missingFile } };
    expect(await answer(await post('/api/photos', [field('user_id', 'u1'), field('cover', 'just words')]))).toEqual(missing);
    expect(await answer(await post('/api/photos', [field('user_id', 'u1'), file('cover', '', '')]))).toEqual(missing);
    expect(await answer(await app.inject({ method: 'POST', url: '/api/photos', payload: { user_id: 'u1' } }))).toEqual(missing);
    expect(await answer(await post('/api/photos', [field('user_id', 'u2')]))).toEqual({ status: 403, body: { error: genericMessages.forbidden } });
  });

  it('takes the policy the path names, after checking the name', async () => {
    const over = Buffer.alloc(showcaseLimit + 10, 7);
    expect(await answer(await post('/api/clips/showcase-image', [file('clip', over)]))).toEqual({
      status: 200,
      body: { clip: { size: showcaseLimit + 10, tooLarge: true, bytesOnDisk: showcaseLimit } },
    });
    expect(await answer(await post('/api/clips/main-video', [file('clip', over)]))).toEqual({
      status: 200,
      body: { clip: { size: showcaseLimit + 10, tooLarge: false, bytesOnDisk: showcaseLimit + 10 } },
    });
    expect(await answer(await post('/api/clips/passport', [file('clip', 'x')]))).toEqual({ status: 400, body: { error: genericMessages.badRequest, field: 'purpose' } });
  });

  it('takes a plain form without files where the spec allows one', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/clips/logo', payload: {} });
    expect(await answer(response)).toEqual({ status: 200, body: { clip: null } });
  });

  it('removes every scratch file once the request is answered, when the handler throws and when a file is refused', async () => {
    const refusedPoster = await post('/api/clips/logo', [file('clip', 'kept for a moment'), file('poster', Buffer.alloc(showcaseLimit + 1, 7))]);
    expect(refusedPoster.statusCode).toBe(413);
    expect(readdirSync(scratchDir)).toEqual([]);

    const thrown = await post('/api/clips/logo', [file('clip', 'kept for a moment'), field('fail', 'yes')]);
    expect(await answer(thrown)).toEqual({ status: 409, body: { error: 'The handler gave up.' } });
    expect(seenOnDisk.length).toBeGreaterThan(0);
    expect(seenOnDisk.filter((path) => existsSync(path))).toEqual([]);
    expect(readdirSync(scratchDir)).toEqual([]);
  });
});
