import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { uploadMessages, uploadPolicies, type UploadPolicy, type UploadPurpose, type UploadResponse } from '@reelsmith/contracts';
import type { UploadRecord, UploadsRepository } from '../../db/repositories/uploads.ts';
import { UserFacingError } from '../../errors.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import type { FileUrlSigner } from './file-urls.ts';
import { fitImage } from './image-fit.ts';
import { inspectUpload, type InspectedUpload, type MediaProber } from './upload-inspection.ts';

export interface IncomingFile {
  stream: Readable;
  filename: string;
  /** Set by the multipart parser when it cut the stream at the policy's byte limit. */
  wasTruncated(): boolean;
}

export interface UploadServiceDependencies {
  storage: ObjectStorage;
  uploads: UploadsRepository;
  signer: FileUrlSigner;
  probe: MediaProber;
  tmpDir: string;
  /** Why an image that passed its checks could not be fitted: the user hears 'corrupt', the operator the cause. */
  logError?: (message: string) => void;
}

/**
 * An accepted image is kept as its policy fits it, in place of the bytes received (the scratch file is rewritten):
 * what the user sent may be a 20 MB phone photo, what is stored is what the video needs.
 */
async function keepFitted(scratch: string, inspected: InspectedUpload, policy: UploadPolicy, logError?: (message: string) => void): Promise<InspectedUpload> {
  if (inspected.kind !== 'image' || !policy.imageFit) return inspected;
  const fitted = await fitImage(scratch, policy.imageFit).catch((error: Error) => {
    logError?.(`upload: an accepted ${inspected.contentType} of ${inspected.size} bytes could not be fitted: ${error.message.split('\n')[0]}`);
    throw new UserFacingError(422, uploadMessages.corrupt);
  });
  // The spec's limit on the stored image could not be met: the user hears it with the size of the file they sent.
  if (!fitted) throw new UserFacingError(413, policy.tooLargeMessage(inspected.size));
  await writeFile(scratch, fitted.content);
  return { ...inspected, contentType: fitted.contentType, extension: fitted.extension, size: fitted.content.length, width: fitted.width, height: fitted.height };
}

export function createUploadService(deps: UploadServiceDependencies) {
  const toResponse = (record: UploadRecord): UploadResponse => ({
    id: record.id,
    kind: record.kind,
    url: deps.signer.sign(record.storageKey),
    size: record.size,
    content_type: record.contentType,
    ...(record.duration != null ? { duration: record.duration } : {}),
    ...(record.width != null ? { width: record.width } : {}),
    ...(record.height != null ? { height: record.height } : {}),
  });

  /**
   * Streams the file to a scratch path, checks its bytes against the purpose's policy (an image is fitted) and only
   * then stores it: a refused or cut-off upload, or one whose record cannot be saved, leaves nothing behind.
   */
  async function store(userId: string, purpose: UploadPurpose, file: IncomingFile, declaredBytes?: number): Promise<UploadRecord> {
    const policy: UploadPolicy = uploadPolicies[purpose];
    await mkdir(deps.tmpDir, { recursive: true });
    const scratch = join(deps.tmpDir, `upload-${randomUUID()}`);
    try {
      try {
        await pipeline(file.stream, createWriteStream(scratch));
      } catch (error) {
        if (file.wasTruncated() || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new UserFacingError(413, policy.tooLargeMessage(declaredBytes ?? policy.maxBytes + 1));
        }
        throw new UserFacingError(400, uploadMessages.failed);
      }
      if (file.wasTruncated()) throw new UserFacingError(413, policy.tooLargeMessage(declaredBytes ?? policy.maxBytes + 1));
      const inspected = await keepFitted(scratch, await inspectUpload(scratch, policy, deps.probe), policy, deps.logError);
      const id = randomUUID();
      const storageKey = `users/${userId}/uploads/${id}.${inspected.extension}`;
      await deps.storage.putFile(storageKey, scratch, inspected.contentType);
      // A file no record points at would never be listed, counted or removed: it goes if the record cannot be saved.
      const record = await deps.uploads.add({
        id,
        userId,
        purpose,
        storageKey,
        kind: inspected.kind,
        contentType: inspected.contentType,
        size: inspected.size,
        duration: inspected.duration ?? null,
        width: inspected.width ?? null,
        height: inspected.height ?? null,
        originalName: file.filename.slice(0, 255) || null,
      }).catch(async (error: unknown) => {
        await deps.storage.delete(storageKey);
        throw error;
      });
      return record;
    } finally {
      await rm(scratch, { force: true });
    }
  }

  return {
    toResponse,

    /** Stores a checked upload (see store) and answers it as the upload endpoints do. */
    async receive(userId: string, purpose: UploadPurpose, file: IncomingFile, declaredBytes?: number): Promise<UploadResponse> {
      return toResponse(await store(userId, purpose, file, declaredBytes));
    },

    /**
     * A file a form already read into memory (and checked), stored as an upload of `purpose`: the same checks and
     * record as receive, answering the storage key the project document names.
     */
    async storeBuffer(userId: string, purpose: UploadPurpose, file: { content: Buffer; filename: string }): Promise<string> {
      const record = await store(userId, purpose, { stream: Readable.from([file.content]), filename: file.filename, wasTruncated: () => false });
      return record.storageKey;
    },

    /** Takes back a file stored by a request that did not go ahead: its record, then the file. */
    async discard(userId: string, storageKey: string): Promise<void> {
      if (await deps.uploads.removeOwnedByKey(userId, storageKey)) await deps.storage.delete(storageKey);
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
