import { availableParallelism, tmpdir } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createLocalStorage } from '../src/providers/storage/local.ts';
import { createMediaLibrary, type LibraryKind, type LibraryTask } from '../src/services/library.ts';
import { fullLibrary, generatedTasks } from '../src/services/library-tasks.ts';

/**
 * `npm run bench:library`: the built-in library made from empty, as a first start makes it (one task at a time, one
 * ffmpeg thread), timing when each picker gets its first item and when the whole library is ready. BENCH_KINDS=
 * background,track limits the run to some kinds, to look at one kind's cost without waiting for all.
 */
const out = (line: string) => process.stdout.write(`${line}\n`);
const kinds = (process.env.BENCH_KINDS?.split(',') ?? ['image', 'video', 'background', 'track']) as LibraryKind[];
const dir = await mkdtemp(join(tmpdir(), 'library-bench-'));
const started = performance.now();
const elapsed = () => (performance.now() - started) / 1000;
const first = new Map<LibraryKind, number>();
const spent = new Map<LibraryKind, { seconds: number; count: number }>();

function timed(task: LibraryTask): LibraryTask {
  return {
    ...task,
    async make(scratch, signal) {
      const from = performance.now();
      const item = await task.make(scratch, signal);
      const total = spent.get(task.kind) ?? { seconds: 0, count: 0 };
      spent.set(task.kind, { seconds: total.seconds + (performance.now() - from) / 1000, count: total.count + 1 });
      if (!first.has(task.kind)) first.set(task.kind, elapsed());
      return item;
    },
  };
}

try {
  const storage = createLocalStorage(join(dir, 'files'));
  const tasks = generatedTasks(storage, fullLibrary, { stock: true }).filter((task) => kinds.includes(task.kind)).map(timed);
  const log = { info: (line: string) => out(`  [${elapsed().toFixed(0)} s] ${line}`), error: (line: string) => out(`  error: ${line}`) };
  const library = createMediaLibrary({ tmpDir: join(dir, 'tmp'), log, tasks: async () => tasks });
  out(`Making ${tasks.length} library items from empty in ${dir} on ${availableParallelism()} CPUs ...`);
  await library.start();
  out('');
  for (const kind of kinds) {
    const cost = spent.get(kind);
    const each = cost ? (cost.seconds / cost.count).toFixed(1) : 'n/a';
    out(`${kind.padEnd(11)} first item ${first.get(kind)?.toFixed(1).padStart(6) ?? '   n/a'} s   ${String(cost?.count ?? 0).padStart(3)} made, ${each} s each`);
  }
  out(`full library ${elapsed().toFixed(1).padStart(6)} s`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
