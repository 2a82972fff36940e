import { readFile } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import { VideoGenerationError, type SourceImage } from './types.ts';

/** Without a Retry-After, a rate-limited caller waits this long before asking again. */
const defaultRetryAfterSeconds = 30;

/** Retry-After in seconds, from either of its forms: a number of seconds or an HTTP date. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export interface VendorCall {
  vendor: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Says whether a refused request's body is the vendor's content-policy refusal. */
  isRefusal: (body: unknown, text: string) => boolean;
}

/** The JSON in a text, or null when there is none. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The vendor's explanation from the usual error shapes (fal's `detail`, Replicate's problem+json, OpenAI's `error.message`), else the text. */
export function vendorMessage(body: unknown, text: string): string {
  const json = (body ?? {}) as { detail?: unknown; error?: unknown; message?: unknown; title?: unknown };
  const detail = Array.isArray(json.detail) ? (json.detail[0] as { msg?: unknown } | undefined)?.msg : json.detail;
  const error = typeof json.error === 'object' && json.error !== null ? (json.error as { message?: unknown }).message : json.error;
  const found = [detail, error, json.message, json.title].find((c): c is string => typeof c === 'string' && c.length > 0);
  return (found ?? text.trim()).slice(0, 300) || 'no details';
}

/**
 * One request to a generation vendor, answered with its JSON body (null when there is none). Whatever goes wrong comes back as a
 * VideoGenerationError of the kind the caller acts on; the caller's own abort passes through untouched.
 */
export async function callVendor(url: string, init: RequestInit, call: VendorCall): Promise<unknown> {
  const timeout = AbortSignal.timeout(call.timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal });
    // The body counts against the same deadline: a vendor that sends headers and then stalls is as slow as one that says nothing.
    text = await response.text();
  } catch (error) {
    if (call.signal?.aborted) throw call.signal.reason;
    const timedOut = timeout.aborted;
    const message = timedOut ? `${call.vendor} did not answer within ${call.timeoutMs} ms` : `${call.vendor} could not be reached: ${(error as Error).message}`;
    throw new VideoGenerationError('transient', message, { outcomeUnknown: true, cause: error });
  }
  const body = parseJson(text);
  // An answer that is not JSON comes back as null: each caller checks the shape it needs (a cancel may need none).
  if (response.ok) return body;
  const status = response.status;
  const message = `${call.vendor} answered ${status}: ${vendorMessage(body, text)}`;
  if (call.isRefusal(body, text)) throw new VideoGenerationError('refused', message, { httpStatus: status });
  if (status === 429) {
    const wait = retryAfterSeconds(response.headers.get('retry-after')) ?? defaultRetryAfterSeconds;
    throw new VideoGenerationError('rateLimited', message, { retryAfterSeconds: wait, httpStatus: status });
  }
  if (status === 408 || status >= 500) throw new VideoGenerationError('transient', message, { httpStatus: status });
  throw new VideoGenerationError('permanent', message, { httpStatus: status });
}

/** Image types the vendors' image-to-video and image-edit models read. */
const sendableImageTypes = ['image/jpeg', 'image/png', 'image/webp'];

/** A local image's bytes and type (from the bytes, not the name), refused unless the vendors read that type. */
export async function readSendableImage(path: string): Promise<{ bytes: Buffer; mime: string }> {
  const bytes = await readFile(path);
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !sendableImageTypes.includes(type.mime)) {
    throw new VideoGenerationError('permanent', `the source image is not a JPEG, PNG or WebP file (${type?.mime ?? 'unknown type'})`);
  }
  return { bytes, mime: type.mime };
}

/** Puts a still where the vendor can fetch it (its own file storage) and answers the URL. */
export type ImageUploader = (still: { bytes: Buffer; mime: string }, signal?: AbortSignal) => Promise<string>;

/**
 * The still as a vendor takes it: a URL as it is (a presigned one from the bucket); a local file uploaded to the
 * vendor's file storage, or inline as a data URI when the model reads one and the file is no larger than
 * `inlineMaxBytes` (the documented fallback that saves an upload for a small still; 0 uploads every one).
 */
export async function imageInput(image: SourceImage, rule: { dataUri: boolean; inlineMaxBytes: number; upload: ImageUploader }, signal?: AbortSignal): Promise<string> {
  if ('url' in image) return image.url;
  const still = await readSendableImage(image.path);
  if (rule.dataUri && still.bytes.length <= rule.inlineMaxBytes) return `data:${still.mime};base64,${still.bytes.toString('base64')}`;
  return rule.upload(still, signal);
}
