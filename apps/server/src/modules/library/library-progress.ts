import type { LibraryKind, LibraryLog, LibraryTask } from './library-items.ts';

const pickerNames: Record<LibraryKind, string> = { image: 'stock stills', video: 'stock loops', background: 'backgrounds', track: 'music', preview: 'video type previews' };

/**
 * The start log's account of the library: how many items are ready and which pickers are still being filled, said
 * when rendering starts and again whenever one kind is complete, so an operator knows why a picker is still short.
 */
export function createLibraryProgress(all: LibraryTask[], missing: readonly LibraryTask[], log: LibraryLog) {
  const left = new Map<LibraryKind, number>();
  for (const task of missing) left.set(task.kind, (left.get(task.kind) ?? 0) + 1);
  const started = Date.now();
  let ready = all.length - missing.length;

  const report = () => {
    const pending = [...left.entries()].filter(([, count]) => count > 0).map(([kind]) => pickerNames[kind]);
    const seconds = Math.round((Date.now() - started) / 1000);
    log.info(`Media library: ${ready} of ${all.length} items ready${pending.length ? `; ${pending.join(', ')} still being made` : ` after ${seconds} s`}`);
  };

  return {
    report,
    /** One task is over, made or failed: either way its kind no longer waits for it. */
    done(task: LibraryTask, made: boolean) {
      if (made) ready += 1;
      const count = (left.get(task.kind) ?? 1) - 1;
      left.set(task.kind, count);
      if (count === 0) report();
    },
  };
}
