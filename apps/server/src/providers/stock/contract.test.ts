import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stockPhotosResponse, stockSearchRequest, stockVideosResponse, type StockSearchRequest } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePexels, startTrapServer, type FakePexels } from '../../../test/stock-fake-pexels.ts';
import { createFileUrlSigner } from '../../core/files/file-urls.ts';
import { createMediaLibrary } from '../../modules/library/library.ts';
import { libraryItemsHere } from '../../modules/library/library-makers.ts';
import { operatorTasks } from '../../modules/library/library-operator.ts';
import { createStorage } from '../storage/index.ts';
import { createLocalStockProvider } from './local.ts';
import { createPexelsProvider } from './pexels.ts';
import { StockSourceRefused, type StockProvider } from './types.ts';
import { createMediaPort } from '../media/index.ts';

/** The same five subjects on both sides: the local library gets them as an operator's files, the fake Pexels as data. */
const subjects = ['sunset beach', 'city night', 'coffee cup', 'mountain lake', 'yoga class'];

async function localProvider(): Promise<StockProvider> {
  const root = mkdtempSync(join(tmpdir(), 'rs-stock-contract-'));
  const stockDir = join(root, 'stock');
  mkdirSync(stockDir);
  for (const subject of subjects) {
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=teal:s=90x160', '-frames:v', '1', join(stockDir, `${subject.replace(' ', '-')}.jpg`)]);
  }
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=180x320:r=10:d=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(stockDir, 'sunset-beach-waves.mp4')]);
  const storage = createStorage({ dataDir: root });
  const log = { info: () => undefined, error: (m: string) => console.error(m) };
  const library = createMediaLibrary({ tasks: () => operatorTasks(storage, createMediaPort(), { stockDir }), make: libraryItemsHere(join(root, 'tmp')), log });
  await library.start();
  return createLocalStockProvider({ library, storage, signer: createFileUrlSigner({ secret: 'x'.repeat(32), ttlSeconds: 3600 }) });
}

let fake: FakePexels;
const providers: Record<string, () => Promise<StockProvider>> = {
  library: localProvider,
  pexels: async () => createPexelsProvider({ apiKey: fake.apiKey, baseUrl: fake.baseUrl }),
};

beforeAll(async () => {
  fake = await startFakePexels();
});
afterAll(() => fake.close());

const query = (q: StockSearchRequest) => stockSearchRequest.parse(q);

async function bytesOf(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(Object.keys(providers))('stock provider contract: %s', (name) => {
  let provider: StockProvider;
  beforeAll(async () => {
    provider = await providers[name]!();
  });

  it('finds photos in the spec shape, with exact totals and pages', async () => {
    const first = stockPhotosResponse.parse(await provider.search(query({ q: 'sunset city coffee', per_page: 2, type: 'image' })));
    expect(first.total_results).toBe(3);
    expect(first.photos).toHaveLength(2);
    const second = stockPhotosResponse.parse(await provider.search(query({ q: 'sunset city coffee', per_page: 2, page: 2, type: 'image' })));
    expect(second.photos).toHaveLength(1);
    expect(second.total_results).toBe(3);
    const ids = [...first.photos, ...second.photos].map((p) => p.id);
    expect(new Set(ids).size).toBe(3);
    expect(first.photos[0]!.src.portrait).toBeTruthy();
  });

  it('finds videos with their files', async () => {
    const found = stockVideosResponse.parse(await provider.search(query({ q: 'sunset', type: 'video' })));
    expect(found.total_results).toBeGreaterThanOrEqual(1);
    expect(found.videos[0]!.video_files.length).toBeGreaterThanOrEqual(1);
    expect(found.videos[0]!.image).toBeTruthy();
  });

  it('answers an unknown subject with no results', async () => {
    const found = stockPhotosResponse.parse(await provider.search(query({ q: 'zebra', type: 'image' })));
    expect(found).toMatchObject({ total_results: 0, photos: [] });
  });

  it('opens the files of its own results', async () => {
    const found = stockPhotosResponse.parse(await provider.search(query({ q: 'coffee', type: 'image' })));
    const file = await provider.open(found.photos[0]!.src.large);
    const bytes = await bytesOf(file.stream);
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const videos = stockVideosResponse.parse(await provider.search(query({ q: 'sunset', type: 'video' })));
    expect((await bytesOf((await provider.open(videos.videos[0]!.video_files[0]!.link)).stream)).length).toBeGreaterThan(1000);
  });

  it('refuses any other URL without fetching it', async () => {
    const trap = await startTrapServer();
    try {
      for (const url of [`${trap.url}/photo.jpg`, 'https://example.com/a.jpg', '/files/users/someone/uploads/a.jpg', 'file:///etc/passwd', 'not a url']) {
        await expect(provider.open(url)).rejects.toBeInstanceOf(StockSourceRefused);
      }
      expect(trap.hits()).toBe(0);
    } finally {
      await trap.close();
    }
  });
});
