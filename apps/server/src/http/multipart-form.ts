import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { genericMessages, uploadMessages, uploadPolicies, type UploadField, type UploadPolicy, type UploadPurpose, type UploadSpec } from '@reelsmith/contracts';
import type { FastifyRequest } from 'fastify';
import { UserFacingError } from '../errors.ts';
import { checkedParts } from './input-guard.ts';

/** A file held in memory, as the services take it. */
export interface FormFile {
  content: Buffer;
  filename: string;
}

interface ReceivedFile {
  filename: string;
  /** Every byte sent, those past the policy's limit included. */
  size: number;
  /** Over the policy's limit (a 'mark' field's file): only its first `maxBytes` were kept. */
  tooLarge: boolean;
}

export interface MemoryFile extends FormFile, ReceivedFile {}

export interface ScratchFile extends ReceivedFile {
  /** Removed by the router once the handler is done. */
  path: string;
}

/** The files of an 'upload' body, by field name, as its spec keeps them. */
export type UploadedFiles<Storage extends UploadSpec['storage']> = ReadonlyMap<string, Storage extends 'scratch' ? ScratchFile : MemoryFile>;

const numbered = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('#', '\\d+')}$`);

function fieldOf(spec: UploadSpec, name: string): UploadField | undefined {
  if (Object.hasOwn(spec.files, name)) return spec.files[name];
  return Object.entries(spec.files).find(([pattern]) => pattern.includes('#') && numbered(pattern).test(name))?.[1];
}

function policyOf(field: UploadField, params: unknown): UploadPolicy {
  if (typeof field.policy === 'string') return uploadPolicies[field.policy];
  return uploadPolicies[(params as Record<string, UploadPurpose>)[field.policy.param]!];
}

/**
 * The one place a file meets its policy: it is read whole, keeping at most the policy's bytes (in memory or in a
 * scratch file) and counting the rest, so a refusal can name its real size.
 */
async function holdToPolicy(stream: Readable, policy: UploadPolicy, keep: (bytes: AsyncIterable<Buffer>) => Promise<void>) {
  let size = 0;
  await pipeline(
    stream,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        if (size < policy.maxBytes) yield chunk.subarray(0, policy.maxBytes - size);
        size += chunk.length;
      }
    },
    keep,
  );
  return { size, tooLarge: size > policy.maxBytes };
}

async function inMemory(stream: Readable, policy: UploadPolicy) {
  const kept: Buffer[] = [];
  const held = await holdToPolicy(stream, policy, async (bytes) => {
    for await (const chunk of bytes) kept.push(chunk);
  });
  return { ...held, content: Buffer.concat(kept) };
}

async function onDisk(stream: Readable, policy: UploadPolicy, path: string) {
  return { ...(await holdToPolicy(stream, policy, (bytes) => pipeline(bytes, createWriteStream(path)))), path };
}

export interface UploadBodyOptions {
  /** The endpoint's checked path parameters (a policy may be named by one). */
  params: unknown;
  scratchDir: string;
  /** Every scratch file made, for the router to remove, whatever happens next. */
  scratch: string[];
}

/**
 * Reads an 'upload' body whole, text fields and files, so nothing is checked or stored before every field (user_id
 * included) is in. A body that is not multipart is refused, unless the spec takes the form without files.
 */
export async function readUploadBody(request: FastifyRequest, spec: UploadSpec, options: UploadBodyOptions) {
  const files = new Map<string, MemoryFile | ScratchFile>();
  if (!request.isMultipart()) {
    if (spec.plainForm) return { fields: request.body ?? {}, files };
    const needsFile = Object.values(spec.files).some((field) => field.required);
    throw new UserFacingError(400, needsFile ? uploadMessages.missingFile : genericMessages.badRequest);
  }
  const fields: Record<string, string> = {};
  if (spec.storage === 'scratch') await mkdir(options.scratchDir, { recursive: true });
  try {
    for await (const part of checkedParts(request, { limits: { files: spec.maxFiles } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const field = fieldOf(spec, part.fieldname);
      if (!field) {
        part.file.resume();
        continue;
      }
      const policy = policyOf(field, options.params);
      let file: MemoryFile | ScratchFile;
      if (spec.storage === 'memory') {
        file = { filename: part.filename, ...(await inMemory(part.file, policy)) };
      } else {
        const path = join(options.scratchDir, `form-${randomUUID()}`);
        options.scratch.push(path);
        file = { filename: part.filename, ...(await onDisk(part.file, policy, path)) };
      }
      if (file.tooLarge && field.overLimit !== 'mark') {
        const message = policy.tooLargeMessage(file.size);
        if (field.tooLarge) throw new UserFacingError(413, field.tooLarge(part.fieldname, message), part.fieldname);
        throw new UserFacingError(413, message);
      }
      // A browser sends an empty part, with no name, for a file input left empty: that is no file.
      if (file.size > 0 || file.filename) files.set(part.fieldname, file);
    }
  } catch (error) {
    if (error instanceof UserFacingError) throw error;
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new UserFacingError(400, spec.tooManyFiles ?? genericMessages.badRequest);
    throw new UserFacingError(400, uploadMessages.failed);
  }
  return { fields, files };
}

/** After the text fields have passed: a required file that did not come refuses the form. */
export function requireFiles(spec: UploadSpec, files: ReadonlyMap<string, unknown>): void {
  for (const [name, field] of Object.entries(spec.files)) {
    if (field.required && !files.has(name)) throw new UserFacingError(400, uploadMessages.missingFile);
  }
}
