import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

export { pngWithDimensions } from './media-fixture-files.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder the global setup rendered the shared media fixtures into (see renderMediaFixtures). */
    mediaFixtures: string;
  }
}

/**
 * The shared media fixtures in a folder of the calling test file's own: a copy, so the files a test adds or writes
 * beside them never meet another file's.
 */
export function makeFixtures() {
  const dir = mkdtempSync(join(tmpdir(), 'rs-fixtures-'));
  cpSync(inject('mediaFixtures'), dir, { recursive: true });
  return { dir, path: (name: string) => join(dir, name) };
}

/** A multipart/form-data body with one file field, as a browser sends it. */
export function multipartFile(field: string, filename: string, content: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----reelsmith${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
