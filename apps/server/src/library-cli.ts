import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { libraryLanes } from './jobs/library-item-job.ts';
import { createMediaPort } from './providers/media/index.ts';
import { createStorage } from './providers/storage/index.ts';
import { createMediaLibrary } from './modules/library/library.ts';
import { libraryItemsHere } from './modules/library/library-makers.ts';
import { fullLibrary, generatedTasks } from './modules/library/library-tasks.ts';

/**
 * `npm run library`: makes the built-in media library (stock stills and loops, music, Scroll Stopper backgrounds)
 * into storage ahead of the first start, for a server image or a test run's shared copy. The app then finds every
 * item stored and renders nothing; what is already there is kept. There is no database here, so each item's job
 * handler runs in this process instead of through the queue.
 */
const config = loadConfig();
const storage = createStorage({ dataDir: config.dataDir, s3: config.s3 });
const failures: string[] = [];
const log = { info: (line: string) => console.log(line), error: (line: string) => failures.push(line) };
const tasks = generatedTasks(storage, createMediaPort(), { ...fullLibrary, ...config.library.counts }, { stock: !config.pexels });
const make = libraryItemsHere(join(config.dataDir, 'tmp'));
const library = createMediaLibrary({ make, log, tasks: async () => tasks, lanes: libraryLanes });
await library.start();
for (const line of failures) console.error(line);
const made = (['image', 'video', 'background', 'track', 'preview'] as const).map((kind) => `${library.list(kind).length} ${kind}s`);
console.log(`library in ${config.dataDir}: ${made.join(', ')}`);
process.exit(failures.length ? 1 : 0);
