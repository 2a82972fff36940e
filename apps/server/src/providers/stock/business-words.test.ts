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

async function fullProvider() {
  const log = { info: () => undefined, error: (line: string) => expect.fail(line) };
  const library = createMediaLibrary({ tasks: async () => generatedTasks(everythingStored, createMediaPort(), fullLibrary, { stock: true }), make: libraryItemsHere(tmpdir()), log });
  await library.start();
  return createLocalStockProvider({ library, storage: everythingStored, signer: createFileUrlSigner({ secret: 'x'.repeat(32), ttlSeconds: 60 }) });
}

// What owners of small businesses type into the stock search: the trade, what it sells, and what they call it.
const words = [
  'bakery', 'croissant', 'bread', 'cake', 'pastry', 'coffee', 'latte', 'espresso', 'cappuccino', 'cafe', 'café', 'restaurant', 'food', 'dinner',
  'pizza', 'burger', 'fries', 'salon', 'haircut', 'hairdresser', 'barber', 'beard', 'nails', 'manicure', 'spa', 'massage', 'facial', 'gym',
  'workout', 'dumbbell', 'fitness', 'yoga', 'pilates', 'dress', 'fashion', 'clothes', 'boutique', 'shoes', 'sneakers', 'skincare', 'serum',
  'cosmetics', 'jewelry', 'jewellery', 'ring', 'necklace', 'flowers', 'florist', 'bouquet', 'dog', 'cat', 'pet', 'puppy', 'vet', 'grooming',
  'dentist', 'dental', 'teeth', 'clinic', 'doctor', 'medical', 'house', 'real estate', 'realtor', 'property', 'apartment', 'phone', 'laptop',
  'electronics', 'gadget', 'tutor', 'tuition', 'school', 'exam', 'class', 'travel', 'holiday', 'trip', 'flight', 'hotel', 'grocery',
  'supermarket', 'fruit', 'vegetables',
];

describe('the stock library answers the words a small business types', () => {
  it.each(words)('finds several drawn scenes first for "%s"', async (word) => {
    const provider = await fullProvider();
    const found = await provider.search({ q: word, type: 'image', orientation: 'portrait', page: 1, per_page: 15 });
    expect(found.total_results, word).toBeGreaterThanOrEqual(3);
    const first = 'photos' in found ? found.photos.slice(0, 3) : [];
    // The drawn scenes have ids from 110 001, the abstract stills from 100 001.
    for (const photo of first) expect(photo.id, `${word}: ${photo.alt}`).toBeGreaterThan(110_000);
  });

  it('ranks the trade’s own scenes before related ones, and pages through the same order', async () => {
    const provider = await fullProvider();
    const ids = async (q: string, page: number, per_page: number) => {
      const found = await provider.search({ q, type: 'image', orientation: 'portrait', page, per_page });
      return 'photos' in found ? found.photos.map((p) => p.alt) : [];
    };
    const bakery = await ids('croissant', 1, 5);
    expect(bakery.slice(0, 2).every((alt) => /croissant/i.test(alt))).toBe(true);
    expect(bakery.slice(2).some((alt) => /café|latte/i.test(alt))).toBe(true);
    const whole = await ids('photo', 1, 80);
    expect(whole).toHaveLength(80);
    expect([...(await ids('photo', 1, 40)), ...(await ids('photo', 2, 40))]).toEqual(whole);
  });

  it.each(['bakery', 'coffee', 'gym', 'salon', 'real estate', 'travel'])('finds loops for "%s" too', async (word) => {
    const provider = await fullProvider();
    const found = await provider.search({ q: word, type: 'video', orientation: 'portrait', page: 1, per_page: 15 });
    expect(found.total_results, word).toBeGreaterThan(0);
    expect('videos' in found && found.videos[0]!.id).toBeGreaterThan(210_000);
  });
});
