import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The server package's folder, found from this file whether it runs as source (src/) or bundled (dist/): paths to
 * the migrations and the repository must not depend on how deep the running file sits.
 */
function findServerRoot(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@reelsmith/server') return dir;
  }
  throw new Error(`@reelsmith/server's package.json was not found above ${from}`);
}

export const serverRoot = findServerRoot(import.meta.dirname);
export const repoRoot = resolve(serverRoot, '../..');
export const migrationsFolder = join(serverRoot, 'drizzle');
