import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; fonts and pictures are compressed already. */
const compressible = /\.(?:js|css|svg|html|json|txt)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (compressible.test(entry.name)) yield path;
  }
}

/**
 * Writes a .br and a .gz beside every text file of the build, at the strongest settings: the cost is paid once here
 * instead of on every request, and the server (@fastify/static's preCompressed) sends whichever the browser accepts.
 */
export function precompress(): Plugin {
  return {
    name: 'reelsmith-precompress',
    apply: 'build',
    // After the whole build is on disk (index.html and the manifest included), and only when it is written at all.
    async writeBundle({ dir }) {
      if (!dir) return;
      const jobs: Promise<void>[] = [];
      for await (const path of files(dir)) {
        jobs.push(
          readFile(path).then(async (content) => {
            const params = {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            };
            const [br, gz] = await Promise.all([
              brotli(content, { params }),
              gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
          }),
        );
      }
      await Promise.all(jobs);
    },
  };
}
