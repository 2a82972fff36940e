import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileUrlSigner } from '../../core/files/file-urls.ts';
import { createLocalStockProvider } from '../../providers/stock/local.ts';
import { createLocalStorage } from '../../providers/storage/local.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { createMediaLibrary, type LibraryImage, type LibraryItem, type LibraryTask } from './library.ts';
import { seedLibrary } from './library-seed.ts';

const log = { info: () => undefined, error: (m: string) => console.error(m) };
const signer = createFileUrlSigner({ secret: 'x'.repeat(32), ttlSeconds: 3600 });

function still(id: number, alt: string, tags: string[]): LibraryImage {
  const base = `library/v2/stock/images/${id}`;
  return { kind: 'image', id, alt, tags, width: 1080, height: 1920, keys: { original: `${base}.jpg`, large: `${base}-large.jpg`, portrait: `${base}-portrait.jpg` } };
}

/** A task whose making waits until the test lets it finish, recording when it began. */
function heldTask(item: LibraryImage, started: string[], release: Map<string, () => void>, stored = new Set<string>()): LibraryTask {
  const id = item.keys.original;
  return {
    id,
    label: `image ${item.id}`,
    kind: 'image',
    upcoming: item,
    load: async () => (stored.has(id) ? item : null),
    make: () => {
      started.push(id);
      return new Promise<LibraryItem>((resolve) => release.set(id, () => resolve(item)));
    },
  };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('the media library on a first start', () => {
  it('renders as many items at once as it has lanes', async () => {
    const [started, release] = [[] as string[], new Map<string, () => void>()];
    const items = [1, 2, 3, 4, 5].map((n) => still(n, `still ${n}`, []));
    const library = createMediaLibrary({ tasks: async () => items.map((i) => heldTask(i, started, release)), make: (t, s) => t.make('', s), log, lanes: 3 });
    const done = library.start();
    await until(() => started.length === 3);
    await new Promise((r) => setTimeout(r, 20));
    expect(started).toHaveLength(3);
    release.get(started[0]!)!();
    await until(() => started.length === 4);
    for (const id of items.map((i) => i.keys.original)) await until(() => release.has(id)).then(() => release.get(id)!());
    await done;
    expect(library.list('image')).toHaveLength(5);
  });

  it('a search matching stills not made yet moves them first and says how many are coming', async () => {
    const [started, release] = [[] as string[], new Map<string, () => void>()];
    const items = [still(1, 'Latte art in a cup', ['coffee']), still(2, 'Sunset over the sea', ['beach']), still(3, 'Mountain lake', ['nature']), still(4, 'A slice of pizza', ['pizza', 'food']), still(5, 'Pizza oven fire', ['pizza'])];
    const storage = createLocalStorage(mkdtempSync(join(tmpdir(), 'rs-first-start-')));
    const library = createMediaLibrary({ tasks: async () => items.map((i) => heldTask(i, started, release)), make: (t, s) => t.make('', s), log, lanes: 1 });
    const stock = createLocalStockProvider({ library, storage, signer });
    void library.start();
    await until(() => started.length === 1);
    release.get(started[0]!)!();
    // The coffee still is there and the sunset is being made when the search comes.
    await until(() => started.length === 2);

    const query = { q: 'pizza', type: 'image', orientation: 'portrait', page: 1, per_page: 80 } as const;
    const first = await stock.search(query);
    expect(first).toMatchObject({ total_results: 0, more_arriving: 2 });

    release.get(started[1]!)!();
    await until(() => started.length === 3);
    expect(started[2]).toBe(items[3]!.keys.original);
    release.get(started[2]!)!();
    await until(() => started.length === 4);
    expect(started[3]).toBe(items[4]!.keys.original);
    release.get(started[3]!)!();
    await until(() => library.list('image').length === 4);

    const after = await stock.search(query);
    expect(after).toMatchObject({ total_results: 2 });
    expect(after).not.toHaveProperty('more_arriving');
    expect('photos' in after && after.photos.map((p) => p.id).sort()).toEqual([4, 5]);
    await until(() => release.has(items[2]!.keys.original));
    release.get(items[2]!.keys.original)!();
  });
});

describe('a release’s pre-rendered library', () => {
  function seedFolder(files: Record<string, string>) {
    const dir = mkdtempSync(join(tmpdir(), 'rs-seed-'));
    for (const [key, body] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, key)), { recursive: true });
      writeFileSync(join(dir, key), body);
    }
    return dir;
  }

  /** Records the order keys are stored in. */
  function recording(storage: ObjectStorage, order: string[]): ObjectStorage {
    return { ...storage, putFile: (key, path, type) => (order.push(key), storage.putFile(key, path, type)) };
  }

  it('is copied into storage, each item’s marker last, and the library then renders nothing', async () => {
    const item = still(7, 'Fresh bread', ['bakery']);
    const seed = seedFolder({ [item.keys.original]: 'original', [item.keys.large]: 'large', [item.keys.portrait]: 'portrait', 'library/v2/music/calm.mp3': 'mp3' });
    const order: string[] = [];
    const storage = recording(createLocalStorage(mkdtempSync(join(tmpdir(), 'rs-seeded-'))), order);
    const copied = await seedLibrary(storage, { dir: seed, markers: new Set([item.keys.original, 'library/v2/music/calm.mp3']) }, log);
    expect(copied).toBe(4);
    expect(order.slice(0, 2).sort()).toEqual([item.keys.large, item.keys.portrait]);
    expect(order.slice(2).sort()).toEqual(['library/v2/music/calm.mp3', item.keys.original]);
    expect(await storage.stat(item.keys.original)).toMatchObject({ size: 'original'.length, contentType: 'image/jpeg' });

    const made: string[] = [];
    const task: LibraryTask = { id: item.keys.original, label: 'image 7', kind: 'image', upcoming: item, load: async () => ((await storage.stat(item.keys.original)) ? item : null), make: async () => (made.push('x'), item) };
    const library = createMediaLibrary({ tasks: async () => [task], make: (t, s) => t.make('', s), log });
    await library.start();
    expect(library.list('image')).toEqual([item]);
    expect(made).toEqual([]);
  });

  it('leaves keys already stored as they are, and does nothing without a seed folder', async () => {
    const seed = seedFolder({ 'library/v2/music/calm.mp3': 'from the release' });
    const root = mkdtempSync(join(tmpdir(), 'rs-seeded-'));
    const storage = createLocalStorage(root);
    const kept = join(root, 'kept.mp3');
    writeFileSync(kept, 'made here');
    await storage.putFile('library/v2/music/calm.mp3', kept, 'audio/mpeg');
    const before = statSync(join(root, 'library/v2/music/calm.mp3')).size;
    expect(await seedLibrary(storage, { dir: seed, markers: new Set() }, log)).toBe(0);
    expect(statSync(join(root, 'library/v2/music/calm.mp3')).size).toBe(before);
    expect(await seedLibrary(storage, { dir: undefined, markers: new Set() }, log)).toBe(0);
    expect(readdirSync(root).sort()).toEqual(['kept.mp3', 'library']);
  });
});
