import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertValidKey, contentTypeForKey, type ObjectStorage } from './types.ts';

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
    async localPath(key) {
      return pathOf(key);
    },
  };
}
