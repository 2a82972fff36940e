import { stockPhotosResponse, stockSearchRequest, stockVideosResponse, type StockSearchRequest } from '@reelsmith/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTrapServer } from '../../../test/stock-fake-pexels.ts';
import { StockSourceRefused, type StockProvider } from './types.ts';

/**
 * The subjects each adapter's setup must offer, one photo each, and a video of the first: the local library gets them
 * as an operator's files, the fake Pexels as data.
 */
export const stockContractSubjects = ['sunset beach', 'city night', 'coffee cup', 'mountain lake', 'yoga class'];

const query = (q: StockSearchRequest) => stockSearchRequest.parse(q);

async function bytesOf(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What every stock source promises the stock search and the library pickers; each adapter's test file runs it. */
export function describeStockContract(name: string, setup: () => Promise<StockProvider>) {
  describe(`stock provider contract: ${name}`, () => {
    let provider: StockProvider;
    beforeAll(async () => {
      provider = await setup();
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
}
