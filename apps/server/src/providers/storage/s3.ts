import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertValidKey, assertValidPrefix, contentTypeForKey, type ObjectStorage, type StoredObject } from './types.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const putAttempts = 3;
const droppedConnection = (error: unknown) => ['ECONNRESET', 'EPIPE'].includes((error as { code?: string } | null)?.code ?? '');

/** S3-compatible object storage; ffmpeg needs local files, so reads for rendering go through a download cache. */
export function createS3Storage(settings: S3Settings, cacheDir: string): ObjectStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Many S3-compatible servers do not understand the SDK's default aws-chunked checksum uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  const Bucket = settings.bucket;
  const isMissing = (error: unknown) =>
    error instanceof NoSuchKey || error instanceof NotFound || (error as { name?: string }).name === 'NotFound';

  return {
    kind: 's3',
    async putFile(key, filePath, contentType) {
      assertValidKey(key);
      const { size } = await stat(filePath);
      // The SDK cannot send again a stream it has begun to read, so a connection the server dropped (a keep-alive
      // socket it closed just as the request went out) would fail the upload; the same bytes to the same key are
      // safe to send again from a fresh stream.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await client.send(new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(filePath), ContentType: contentType, ContentLength: size }));
          return { key, size, contentType };
        } catch (error) {
          if (attempt >= putAttempts || !droppedConnection(error)) throw error;
        }
      }
    },
    async stat(key) {
      assertValidKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { key, size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      assertValidKey(key);
      const object = await client.send(
        new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return object.Body as Readable;
    },
    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      // The download a render made of it on this host goes too.
      await rm(join(cacheDir, key), { force: true });
    },
    async list(prefix) {
      assertValidPrefix(prefix);
      const found: StoredObject[] = [];
      // ListObjects (v1) pages by the last key seen: every S3-compatible server has it, where some cannot make v2's
      // continuation tokens (s3rver's cipher is gone from OpenSSL 3).
      let Marker: string | undefined;
      for (;;) {
        const page = await client.send(new ListObjectsCommand({ Bucket, Prefix: prefix, Marker }));
        for (const object of page.Contents ?? []) {
          if (object.Key) found.push({ key: object.Key, size: object.Size ?? 0, contentType: contentTypeForKey(object.Key) });
        }
        const last = found.at(-1)?.key;
        if (!page.IsTruncated || !last || last === Marker) return found;
        Marker = last;
      }
    },
    async deletePrefix(prefix) {
      const objects = await this.list(prefix);
      // DeleteObjects takes up to 1000 keys a call; a key it could not delete comes back in Errors.
      for (let start = 0; start < objects.length; start += 1000) {
        const batch = objects.slice(start, start + 1000).map((object) => ({ Key: object.key }));
        const answer = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch, Quiet: true } }));
        const failed = answer.Errors ?? [];
        if (failed.length > 0) throw new Error(`could not delete ${failed.length} objects under ${prefix}: ${failed[0]?.Code ?? ''} ${failed[0]?.Message ?? ''}`);
      }
      await rm(join(cacheDir, prefix), { recursive: true, force: true });
      return objects.length;
    },
    async localPath(key) {
      assertValidKey(key);
      const target = join(cacheDir, key);
      if (existsSync(target)) return target;
      await mkdir(dirname(target), { recursive: true });
      const partial = `${target}.part-${process.pid}`;
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      await pipeline(object.Body as Readable, createWriteStream(partial));
      await rename(partial, target);
      return target;
    },
    async presignGet(key, expiresInSeconds) {
      assertValidKey(key);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: expiresInSeconds });
    },
  };
}
