import { join } from 'node:path';
import { createLocalStorage } from './local.ts';
import { createS3Storage, type S3Settings } from './s3.ts';
import type { ObjectStorage } from './types.ts';

export type { ObjectStorage, StoredObject, ByteRange } from './types.ts';
export type { S3Settings } from './s3.ts';

export function createStorage(options: { dataDir: string; s3?: S3Settings }): ObjectStorage {
  return options.s3 ? createS3Storage(options.s3, join(options.dataDir, 'cache/s3')) : createLocalStorage(join(options.dataDir, 'files'));
}
