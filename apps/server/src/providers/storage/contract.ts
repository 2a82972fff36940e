import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStorage } from './types.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** One storage adapter as the contract drives it; `close` stops whatever its setup started. */
export interface StorageSubject {
  storage: ObjectStorage;
  close(): Promise<void>;
}

/** What every object store promises uploads, renders and account deletion; each adapter's test file runs it. */
export function describeStorageContract(name: string, setup: () => Promise<StorageSubject>) {
  describe(`object storage contract: ${name}`, () => {
    let subject: StorageSubject;
    const source = join(mkdtempSync(join(tmpdir(), 'rs-src-')), 'clip.mp4');
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    beforeAll(async () => {
      writeFileSync(source, bytes);
      subject = await setup();
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

    it("lists a folder's objects and deletes the folder, leaving its neighbours and no cached copy", async () => {
      const keys = ['users/u2/uploads/a.mp4', 'users/u2/renders/b.mp4', 'users/u2/renders/segments/c.mp4', 'users/u20/uploads/d.mp4', 'users/u3/uploads/e.mp4'];
      for (const key of keys) await subject.storage.putFile(key, source, 'video/mp4');
      const cached = await subject.storage.localPath('users/u2/renders/b.mp4');

      const listed = await subject.storage.list('users/u2/');
      expect(listed.map((o) => o.key).sort()).toEqual(['users/u2/renders/b.mp4', 'users/u2/renders/segments/c.mp4', 'users/u2/uploads/a.mp4']);
      expect(listed.every((o) => o.size === 5000 && o.contentType === 'video/mp4')).toBe(true);
      expect(await subject.storage.list('users/nobody/')).toEqual([]);

      expect(await subject.storage.deletePrefix('users/u2/')).toBe(3);
      expect(await subject.storage.list('users/u2/')).toEqual([]);
      for (const key of keys.slice(0, 3)) expect(await subject.storage.stat(key)).toBeNull();
      // users/u20/ shares the first characters of users/u2 but is another folder.
      expect((await subject.storage.list('users/u20/')).map((o) => o.key)).toEqual(['users/u20/uploads/d.mp4']);
      expect(await subject.storage.stat('users/u3/uploads/e.mp4')).not.toBeNull();
      expect(existsSync(cached)).toBe(false);
      expect(await subject.storage.deletePrefix('users/u2/')).toBe(0);
    });

    it('deletes more objects than one S3 call takes', async () => {
      const many = Array.from({ length: 1005 }, (_, i) => `users/u4/uploads/${String(i).padStart(4, '0')}.mp4`);
      for (let i = 0; i < many.length; i += 50) await Promise.all(many.slice(i, i + 50).map((key) => subject.storage.putFile(key, source, 'video/mp4')));
      expect((await subject.storage.list('users/u4/')).length).toBe(1005);
      expect(await subject.storage.deletePrefix('users/u4/')).toBe(1005);
      expect(await subject.storage.list('users/u4/')).toEqual([]);
    }, 120_000);

    it('refuses a prefix that is not a folder, or is the whole store', async () => {
      for (const prefix of ['', '/', 'users/u1', '../', 'users/../']) {
        await expect(subject.storage.deletePrefix(prefix)).rejects.toThrow(/invalid storage prefix/);
        await expect(subject.storage.list(prefix)).rejects.toThrow(/invalid storage prefix/);
      }
    });

    it('refuses keys that could escape their folder', async () => {
      await expect(subject.storage.putFile('../etc/passwd', source, 'text/plain')).rejects.toThrow(/invalid storage key/);
      await expect(subject.storage.stat('users/../../x')).rejects.toThrow(/invalid storage key/);
    });
  });
}
