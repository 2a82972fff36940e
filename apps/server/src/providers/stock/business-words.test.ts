import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createFileUrlSigner } from '../../core/files/file-urls.ts';
import { createMediaLibrary } from '../../modules/library/library.ts';
import { libraryItemsHere } from '../../modules/library/library-makers.ts';
import { fullLibrary, generatedTasks } from '../../modules/library/library-tasks.ts';
import type { ObjectStorage } from '../storage/types.ts';
import { createLocalStockProvider } from './local.ts';
import { createMediaPort } from '../media/index.ts';

/** Storage that has every key: the full generated library loads as stored, so the search sees all of it unrendered. */
const everythingStored = {
  kind: 'local',
  stat: async (key: string) => ({ key, size: 1, contentType: 'application/octet-stream' }),
} as unknown as ObjectStorage;

describe('the generated stock set answers common business words', () => {
  it.each(['bakery', 'coffee', 'gym', 'salon', 'dental', 'pizza', 'restaurant', 'burger'])('finds stills and loops for "%s"', async (word) => {
    const log = { info: () => undefined, error: (line: string) => expect.fail(line) };
    const library = createMediaLibrary({ tasks: async () => generatedTasks(everythingStored, createMediaPort(), fullLibrary, { stock: true }), make: libraryItemsHere(tmpdir()), log });
    await library.start();
    const provider = createLocalStockProvider({ library, storage: everythingStored, signer: createFileUrlSigner({ secret: 'x'.repeat(32), ttlSeconds: 60 }) });
    for (const type of ['image', 'video'] as const) {
      const found = await provider.search({ q: word, type, orientation: 'portrait', page: 1, per_page: 15 });
      expect(found.total_results, `${type}s for ${word}`).toBeGreaterThan(0);
    }
  });
});
