import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { contentTypeForKey, type ObjectStorage } from '../../providers/storage/types.ts';
import type { LibraryLog } from './library-items.ts';

/**
 * A release's pre-rendered library (`npm run release` lays it out as storage keys under `library/`) copied into this
 * deployment's storage on start, so its first start renders nothing. Keys already stored are left alone, and an item's
 * marker file is copied last, as rendering stores it, so a start interrupted mid-copy finishes the copy next time.
 */
export async function seedLibrary(storage: ObjectStorage, seed: { dir: string | undefined; markers: ReadonlySet<string> }, log: LibraryLog): Promise<number> {
  if (!seed.dir) return 0;
  const root = seed.dir;
  const files = await readdir(join(root, 'library'), { recursive: true, withFileTypes: true }).catch(() => []);
  const keyed = files.filter((e) => e.isFile()).map((e) => ({ path: join(e.parentPath, e.name), key: relative(root, join(e.parentPath, e.name)).split(sep).join('/') }));
  const markers = keyed.filter((f) => seed.markers.has(f.key));
  // Every start after the first finds all the markers stored: a stat per item then, not one per file (S3 HEADs).
  const stored = await Promise.all(markers.map((f) => storage.stat(f.key)));
  if (markers.length > 0 && stored.every(Boolean)) return 0;
  const ordered = [...keyed.filter((f) => !seed.markers.has(f.key)), ...markers];
  let copied = 0;
  for (const { path, key } of ordered) {
    if (await storage.stat(key)) continue;
    await storage.putFile(key, path, contentTypeForKey(key));
    copied += 1;
  }
  if (copied > 0) log.info(`Media library: ${copied} files copied from the release's pre-rendered library`);
  return copied;
}

