import { randomUUID } from 'node:crypto';
import { mkdir, open, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { maxImagePixels, uploadMessages, type MediaKind, type UploadPolicy } from '@reelsmith/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { UserFacingError } from '../../errors.ts';

export interface MediaProbeInfo {
  duration: number;
  hasVideo: boolean;
  hasAudio: boolean;
  width?: number;
  height?: number;
}

/** ffprobe plus a decode check, from packages/media; rejects when the file cannot be read as media. */
export type MediaProber = (path: string) => Promise<MediaProbeInfo>;

export interface InspectedUpload {
  kind: MediaKind;
  contentType: string;
  extension: string;
  size: number;
  duration?: number;
  width?: number;
  height?: number;
}

const kindOfMime = (mime: string): MediaKind | null => {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return null;
};

/** Containers that file-type names by the container, not the content: a sound-only MP4 is audio. */
const audioExtensions: Record<string, string> = { mp4: 'm4a', webm: 'weba', mkv: 'mka' };

async function readHead(path: string, bytes = 4100): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function inspectImage(path: string): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    // Only the header is read here, so the pixel count can be refused before anything is decoded.
    metadata = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    throw new UserFacingError(422, uploadMessages.corrupt);
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width * height > maxImagePixels) throw new UserFacingError(413, uploadMessages.imageTooLarge);
  try {
    // Decoding every pixel (downscaled) is what finds a truncated or corrupt body behind a valid header.
    await sharp(path, { limitInputPixels: maxImagePixels, failOn: 'truncated' }).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw new UserFacingError(422, uploadMessages.corrupt);
  }
  return { width, height };
}

/**
 * Decides what a received file really is from its bytes (never its name), and whether it is usable:
 * images are decoded under a pixel cap, video and audio are probed with ffprobe and decoded.
 */
export async function inspectUpload(path: string, policy: UploadPolicy, probe: MediaProber): Promise<InspectedUpload> {
  const { size } = await stat(path);
  if (size === 0) throw new UserFacingError(400, uploadMessages.empty);
  if (size > policy.maxBytes) throw new UserFacingError(413, policy.tooLargeMessage(size));

  const sniffed = await fileTypeFromBuffer(await readHead(path));
  const sniffedKind = sniffed ? kindOfMime(sniffed.mime) : null;
  if (!sniffed || !sniffedKind) throw new UserFacingError(415, policy.wrongTypeMessage);

  if (sniffedKind === 'image') {
    if (!policy.kinds.includes('image') || (policy.mimeTypes && !policy.mimeTypes.includes(sniffed.mime))) {
      throw new UserFacingError(415, policy.wrongTypeMessage);
    }
    const { width, height } = await inspectImage(path);
    return { kind: 'image', contentType: sniffed.mime, extension: sniffed.ext, size, width, height };
  }

  let info: MediaProbeInfo;
  try {
    info = await probe(path);
  } catch {
    throw new UserFacingError(422, uploadMessages.corrupt);
  }
  const kind: MediaKind = info.hasVideo ? 'video' : 'audio';
  const wantsVideo = policy.kinds.includes('video');
  const wantsAudio = policy.kinds.includes('audio');
  if (kind === 'audio' && !info.hasAudio) throw new UserFacingError(422, uploadMessages.corrupt);
  if (kind === 'audio' && !wantsAudio) throw new UserFacingError(415, wantsVideo ? uploadMessages.noVideo : policy.wrongTypeMessage);
  if (kind === 'video' && !wantsVideo) throw new UserFacingError(415, policy.wrongTypeMessage);
  if (policy.mimeTypes && !policy.mimeTypes.includes(sniffed.mime)) throw new UserFacingError(415, policy.wrongTypeMessage);
  if (!(info.duration > 0)) throw new UserFacingError(422, uploadMessages.corrupt);
  if (policy.maxDurationSeconds && info.duration > policy.maxDurationSeconds) {
    throw new UserFacingError(422, uploadMessages.tooLong(policy.maxDurationSeconds));
  }
  const extension = kind === 'audio' ? (audioExtensions[sniffed.ext] ?? sniffed.ext) : sniffed.ext;
  const contentType = kind === 'audio' && sniffed.mime.startsWith('video/') ? sniffed.mime.replace('video/', 'audio/') : sniffed.mime;
  return { kind, contentType, extension, size, duration: info.duration, width: info.width, height: info.height };
}

/**
 * The same checks for a file a form read into memory, through a scratch copy that is always removed: every file of
 * a form is checked this way before any is stored, so a refused one leaves nothing behind.
 */
export async function inspectBuffer(content: Buffer, policy: UploadPolicy, probe: MediaProber, tmpDir: string): Promise<InspectedUpload> {
  await mkdir(tmpDir, { recursive: true });
  const scratch = join(tmpDir, `inspect-${randomUUID()}`);
  try {
    await writeFile(scratch, content);
    return await inspectUpload(scratch, policy, probe);
  } finally {
    await rm(scratch, { force: true });
  }
}
