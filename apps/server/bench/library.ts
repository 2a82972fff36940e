import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { libraryLanes } from '../src/jobs/library-item-job.ts';
import { createMediaPort } from '../src/providers/media/index.ts';
import { createLocalStorage } from '../src/providers/storage/local.ts';
import { createMediaLibrary, type LibraryKind, type LibraryTask } from '../src/modules/library/library.ts';
import { libraryItemsHere } from '../src/modules/library/library-makers.ts';
import { fullLibrary, generatedTasks } from '../src/modules/library/library-tasks.ts';

/**
 * `npm run bench:library`: the built-in library made from empty, as a first start makes it (libraryLanes tasks at a time, one
 * ffmpeg thread), timing when each picker gets its first item and when the whole library is ready. BENCH_KINDS=
 * background,track limits the run to some kinds, to look at one kind's cost without waiting for all.
 * Wall time depends on what else the machine does; the CPU seconds (this process and its finished ffmpeg children,
 * from /proc/self/stat) do not, so they are what to compare between two versions of a generator. Each item's job
 * handler runs in this process, without a queue: the bench measures rendering, not pg-boss's polling.
 */
const out = (line: string) => process.stdout.write(`${line}\n`);
// BENCH_LANES=1 compares with rendering one item at a time.
const lanes = Number(process.env.BENCH_LANES ?? libraryLanes);
const kinds = (process.env.BENCH_KINDS?.split(',') ?? ['image', 'video', 'background', 'track']) as LibraryKind[];
const dir = await mkdtemp(join(tmpdir(), 'library-bench-'));
const started = performance.now();
const elapsed = () => (performance.now() - started) / 1000;
const first = new Map<LibraryKind, number>();
const done = new Map<LibraryKind, number>();
const spent = new Map<LibraryKind, { seconds: number; cpu: number; count: number }>();

/** User and system seconds of this process plus its reaped children (utime, stime, cutime, cstime at 100 Hz). */
async function cpuSeconds(): Promise<number> {
  const stat = await readFile('/proc/self/stat', 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.length > 15 ? fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100 : Number.NaN;
}

function timed(task: LibraryTask): LibraryTask {
  return {
    ...task,
    async make(scratch, signal) {
      const [from, cpuFrom] = [performance.now(), await cpuSeconds()];
      const item = await task.make(scratch, signal);
      const total = spent.get(task.kind) ?? { seconds: 0, cpu: 0, count: 0 };
      const cpu = (await cpuSeconds()) - cpuFrom;
      spent.set(task.kind, { seconds: total.seconds + (performance.now() - from) / 1000, cpu: total.cpu + cpu, count: total.count + 1 });
      if (!first.has(task.kind)) first.set(task.kind, elapsed());
      done.set(task.kind, elapsed());
      return item;
    },
  };
}

try {
  const storage = createLocalStorage(join(dir, 'files'));
  const tasks = generatedTasks(storage, createMediaPort(), fullLibrary, { stock: true }).filter((task) => kinds.includes(task.kind)).map(timed);
  const log = { info: (line: string) => out(`  [${elapsed().toFixed(0)} s] ${line}`), error: (line: string) => out(`  error: ${line}`) };
  const library = createMediaLibrary({ make: libraryItemsHere(join(dir, 'tmp')), log, tasks: async () => tasks, lanes });
  out(`Making ${tasks.length} library items from empty in ${dir} on ${availableParallelism()} CPUs, ${lanes} at a time, load ${loadavg().map((l) => l.toFixed(2)).join(' ')} ...`);
  const cpuStart = await cpuSeconds();
  await library.start();
  out('');
  for (const kind of kinds) {
    const cost = spent.get(kind);
    const each = (value: number | undefined) => (cost && value !== undefined ? (value / cost.count).toFixed(2) : 'n/a').padStart(6);
    out(
      `${kind.padEnd(11)} first item ${first.get(kind)?.toFixed(1).padStart(6) ?? '   n/a'} s, all ${(done.get(kind) ?? Number.NaN).toFixed(1).padStart(6)} s   ` +
        `${String(cost?.count ?? 0).padStart(3)} made, each ${each(cost?.seconds)} s wall, ${each(cost?.cpu)} s CPU`,
    );
  }
  out(`full library ${elapsed().toFixed(1).padStart(6)} s, ${((await cpuSeconds()) - cpuStart).toFixed(1)} CPU s; load now ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
