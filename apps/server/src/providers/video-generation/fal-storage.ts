import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { VideoGenerationError } from './types.ts';
import { callVendor, type ImageUploader } from './vendor-http.ts';

export interface FalStorageSettings {
  apiKey: string;
  /** fal's REST host (https://rest.fal.ai), where uploads start; not the queue's. */
  storageUrl: string;
  timeoutMs: number;
}

const vendor = 'fal.ai';
const initiated = z.object({ file_url: z.string().url(), upload_url: z.string().url() });

/**
 * A still's life on fal's CDN: long enough for a queued generation to start and read it, short enough that the
 * user's picture does not stay at the vendor (fal's client calls this the object lifecycle preference).
 */
const keepSeconds = 24 * 60 * 60;

/**
 * fal's file storage, as its client uploads (fal-ai/fal-js libs/client/src/storage.ts): initiate with the type and a
 * name, PUT the bytes to the signed `upload_url` it answers, then give models the `file_url`. The signed URL is a
 * credential of its own: it is never logged (callVendor's messages name the vendor and status, not the URL).
 */
export function createFalStorage(settings: FalStorageSettings): ImageUploader {
  const base = settings.storageUrl.replace(/\/+$/, '');
  return async (still, signal) => {
    const extension = still.mime.split('/')[1]!;
    const answer = await callVendor(
      `${base}/storage/upload/initiate?storage_type=fal-cdn-v3`,
      {
        method: 'POST',
        headers: {
          authorization: `Key ${settings.apiKey}`,
          accept: 'application/json',
          'content-type': 'application/json',
          'x-fal-object-lifecycle': JSON.stringify({ expiration_duration_seconds: keepSeconds }),
        },
        body: JSON.stringify({ content_type: still.mime, file_name: `${randomUUID()}.${extension}` }),
      },
      { vendor, timeoutMs: settings.timeoutMs, signal, isRefusal: () => false },
    );
    const parsed = initiated.safeParse(answer);
    if (!parsed.success) throw new VideoGenerationError('transient', `${vendor} started an upload without its URLs`);
    await callVendor(
      parsed.data.upload_url,
      { method: 'PUT', headers: { 'content-type': still.mime }, body: new Uint8Array(still.bytes) },
      { vendor, timeoutMs: settings.timeoutMs, signal, isRefusal: () => false },
    );
    return parsed.data.file_url;
  };
}
