import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
}

export interface ByteRange {
  start: number;
  /** Inclusive, as in HTTP Range. */
  end: number;
}

/** Where every file of the product lives: uploads, previews, renders. Keys look like `users/<id>/<area>/<name>.<ext>`. */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Stores a local file's bytes under the key (the file is left in place). */
  putFile(key: string, filePath: string, contentType: string): Promise<StoredObject>;
  stat(key: string): Promise<StoredObject | null>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (a folder: `users/<id>/`), in key order. */
  list(prefix: string): Promise<StoredObject[]>;
  /** Deletes every object under `prefix` (a folder: `users/<id>/`), and this host's cached copies; answers how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** A local path holding the object's bytes, for ffmpeg: the file itself locally, a cached download on S3. */
  localPath(key: string): Promise<string>;
  /**
   * A URL anyone holding it may GET the object from until it expires: how a vendor fetches a still straight from the
   * bucket. S3 only; local files are not reachable from outside this host.
   */
  presignGet?(key: string, expiresInSeconds: number): Promise<string>;
}

export const storageKeyPattern = /^[a-zA-Z0-9][a-zA-Z0-9._-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)*$/;

export function assertValidKey(key: string): void {
  if (!storageKeyPattern.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
}

/** A folder of keys: one or more key segments and a trailing slash (`users/<id>/`), never the whole store. */
export function assertValidPrefix(prefix: string): void {
  if (!prefix.endsWith('/') || prefix.includes('..') || !storageKeyPattern.test(prefix.slice(0, -1))) throw new Error(`invalid storage prefix: ${prefix}`);
}

const contentTypes: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  ass: 'text/x-ssa',
  srt: 'application/x-subrip',
  pdf: 'application/pdf',
  json: 'application/json',
};

export function contentTypeForKey(key: string): string {
  const ext = key.split('.').pop()?.toLowerCase() ?? '';
  return contentTypes[ext] ?? 'application/octet-stream';
}
