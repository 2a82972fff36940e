import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { ObjectStorage } from './types.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

interface Subject {
  storage: ObjectStorage;
  close(): Promise<void>;
}

const subjects: Array<[string, () => Promise<Subject>]> = [
  ['local', async () => ({ storage: createLocalStorage(mkdtempSync(join(tmpdir(), 'rs-local-'))), close: async () => undefined })],
  [
    's3 (s3rver)',
    async () => {
      const server = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory: mkdtempSync(join(tmpdir(), 'rs-s3rver-')),
        configureBuckets: [{ name: 'reelsmith', configs: [] }],
      });
      const { port } = await server.run();
      const storage = createS3Storage(
        {
          bucket: 'reelsmith',
          region: 'us-east-1',
          endpoint: `http://127.0.0.1:${port}`,
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          forcePathStyle: true,
        },
        mkdtempSync(join(tmpdir(), 'rs-s3cache-')),
      );
      return { storage, close: () => server.close() };
    },
  ],
];

describe.each(subjects)('object storage contract: %s', (_name, make) => {
  let subject: Subject;
  const source = join(mkdtempSync(join(tmpdir(), 'rs-src-')), 'clip.mp4');
  const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
  beforeAll(async () => {
    writeFileSync(source, bytes);
    subject = await make();
  });
  afterAll(() => subject.close());

  it('stores a file and reports its size and type', async () => {
    const stored = await subject.storage.putFile('users/u1/uploads/clip.mp4', source, 'video/mp4');
    expect(stored).toEqual({ key: 'users/u1/uploads/clip.mp4', size: 5000, contentType: 'video/mp4' });
    expect(await subject.storage.stat('users/u1/uploads/clip.mp4')).toEqual(stored);
  });

  it('reads the whole object and byte ranges', async () => {
    expect(await readAll(await subject.storage.read('users/u1/uploads/clip.mp4'))).toEqual(bytes);
    const part = await readAll(await subject.storage.read('users/u1/uploads/clip.mp4', { start: 100, end: 199 }));
    expect(part).toEqual(bytes.subarray(100, 200));
  });

  it('gives a local path with the same bytes, for ffmpeg', async () => {
    const path = await subject.storage.localPath('users/u1/uploads/clip.mp4');
    expect(readFileSync(path)).toEqual(bytes);
  });

  it('says null for a missing key and deletes', async () => {
    expect(await subject.storage.stat('users/u1/uploads/none.mp4')).toBeNull();
    await subject.storage.delete('users/u1/uploads/clip.mp4');
    expect(await subject.storage.stat('users/u1/uploads/clip.mp4')).toBeNull();
  });

  it('refuses keys that could escape their folder', async () => {
    await expect(subject.storage.putFile('../etc/passwd', source, 'text/plain')).rejects.toThrow(/invalid storage key/);
    await expect(subject.storage.stat('users/../../x')).rejects.toThrow(/invalid storage key/);
  });
});
