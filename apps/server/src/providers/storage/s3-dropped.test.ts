import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from './s3.ts';

/**
 * A server that drops a connection just as a request arrives (an idle keep-alive socket it closed, a proxy that
 * restarted): the SDK cannot resend a file stream it has begun to read, so the storage sends the file again.
 */
describe('S3 storage when the server drops the connection of an upload', () => {
  let s3rver: S3rver;
  const proxy = createServer();
  let dropNext = 0;
  const dir = mkdtempSync(join(tmpdir(), 'rs-s3-dropped-'));

  beforeAll(async () => {
    s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(dir, 's3'), configureBuckets: [{ name: 'reelsmith', configs: [] }] });
    const { port } = await s3rver.run();
    proxy.on('connection', (socket) => {
      if (dropNext > 0) {
        dropNext -= 1;
        socket.once('data', () => socket.resetAndDestroy());
        return;
      }
      const upstream = connect(port, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    proxy.close();
    await s3rver.close();
  });

  const storage = () =>
    createS3Storage(
      { bucket: 'reelsmith', region: 'us-east-1', endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
      join(dir, 'cache'),
    );

  it('stores the whole file when a connection is dropped, and gives up after three', async () => {
    const file = join(dir, 'clip.mp4');
    writeFileSync(file, Buffer.alloc(200_000, 7));
    dropNext = 1;
    await storage().putFile('users/u1/uploads/clip.mp4', file, 'video/mp4');
    expect(await storage().stat('users/u1/uploads/clip.mp4')).toEqual({ key: 'users/u1/uploads/clip.mp4', size: 200_000, contentType: 'video/mp4' });

    dropNext = 1000;
    await expect(storage().putFile('users/u1/uploads/other.mp4', file, 'video/mp4')).rejects.toMatchObject({ code: 'ECONNRESET' });
    dropNext = 0;
  });
});
