import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { describeStorageContract } from './contract.ts';
import { createS3Storage } from './s3.ts';

describeStorageContract('s3 (s3rver)', async () => {
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'rs-s3rver-')),
    configureBuckets: [{ name: 'reelsmith', configs: [] }],
  });
  const { port } = await server.run();
  const storage = createS3Storage(
    {
      bucket: 'reelsmith',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    mkdtempSync(join(tmpdir(), 'rs-s3cache-')),
  );
  return { storage, close: () => server.close() };
});
