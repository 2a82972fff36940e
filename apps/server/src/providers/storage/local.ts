import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { assertValidKey, assertValidPrefix, contentTypeForKey, type ObjectStorage, type StoredObject } from './types.ts';

/** The embedded default: files under a folder (DATA_DIR/files). */
export function createLocalStorage(root: string): ObjectStorage {
  const pathOf = (key: string) => {
    assertValidKey(key);
    return join(root, key);
  };
  return {
    kind: 'local',
    async putFile(key, filePath, contentType) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await copyFile(filePath, target);
      return { key, size: (await stat(target)).size, contentType };
    },
    async stat(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        return info.isFile() ? { key, size: info.size, contentType: contentTypeForKey(key) } : null;
      } catch {
        return null;
      }
    },
    async read(key, range) {
      return createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(prefix) {
      assertValidPrefix(prefix);
      let entries;
      try {
        entries = await readdir(join(root, prefix), { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const found: StoredObject[] = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        const key = relative(root, path).split(sep).join('/');
        found.push({ key, size: (await stat(path)).size, contentType: contentTypeForKey(key) });
      }
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    async deletePrefix(prefix) {
      const count = (await this.list(prefix)).length;
      await rm(join(root, prefix), { recursive: true, force: true });
      return count;
    },
    async localPath(key) {
      return pathOf(key);
    },
  };
}
