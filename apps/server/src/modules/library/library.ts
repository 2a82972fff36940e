import type { LibraryCounts, LibrarySettings } from '../../config.ts';
import type { LibraryItem, LibraryKind, LibraryLog, LibraryTask } from './library-items.ts';
import { createLibraryProgress } from './library-progress.ts';

export type { LibraryBackground, LibraryPreview, LibraryImage, LibraryItem, LibraryKind, LibraryLog, LibraryTask, LibraryTrack, LibraryVideo, LibraryVideoFile } from './library-items.ts';
type ItemOf<K extends LibraryKind> = Extract<LibraryItem, { kind: K }>;

export type { LibraryCounts, LibrarySettings };

/** Makes one missing item: through the job queue in the app, in this process for `npm run library`. */
export type LibraryItemMaker = (task: LibraryTask, signal: AbortSignal) => Promise<LibraryItem>;

/**
 * The built-in media library: stock stills and loops, music and the Scroll Stopper backgrounds, generated on first
 * start and kept in storage under library/ keys, plus whatever an operator puts in STOCK_DIR and MUSIC_DIR.
 * Generation runs in the background, `lanes` items at a time (each a job that any worker may take), so the app is up
 * at once; lists answer with what exists so far (or wait briefly for the first item of a kind). A later start finds
 * every stored item and renders nothing.
 */
export function createMediaLibrary(deps: { tasks: () => Promise<LibraryTask[]>; make: LibraryItemMaker; log: LibraryLog; lanes?: number }) {
  const items = new Map<LibraryKind, LibraryItem[]>();
  const waiters = new Set<() => void>();
  const controller = new AbortController();
  let running: Promise<void> | undefined;
  let finished = false;
  let version = 0;

  // Kinds a request is waiting for: the next render is one of those, so a picker opened early is served first.
  const wanted = new Set<LibraryKind>();
  // Items a search matched before they were made: rendered before the rest of their kind.
  const preferred = new Set<string>();
  let missing: LibraryTask[] = [];
  const making = new Set<LibraryTask>();

  // The silent 'No Background Music' track is no music to pick: a picker waits for a real one.
  const hasContent = (kind: LibraryKind) => (items.get(kind) ?? []).some((item) => !(item.kind === 'track' && item.silent));

  const add = (item: LibraryItem) => {
    items.set(item.kind, [...(items.get(item.kind) ?? []), item]);
    version += 1;
    for (const wake of waiters) wake();
  };

  async function run(): Promise<void> {
    const tasks = await deps.tasks();
    // Everything already stored shows at once; only then does rendering start, in the tasks' order unless a request
    // is waiting for a kind that has nothing yet.
    const toMake: LibraryTask[] = [];
    for (const task of tasks) {
      const stored = await task.load().catch(() => null);
      if (stored) add(stored);
      else toMake.push(task);
    }
    missing = toMake;
    const progress = createLibraryProgress(tasks, missing, deps.log);
    if (missing.length > 0) progress.report();
    const lane = async () => {
      while (missing.length > 0) {
        if (controller.signal.aborted) return;
        const task = takeNext();
        making.add(task);
        try {
          add(await deps.make(task, controller.signal));
          progress.done(task, true);
        } catch (error) {
          if (controller.signal.aborted) return;
          deps.log.error(`library: ${task.label} failed: ${(error as Error).message.split('\n')[0]}`);
          progress.done(task, false);
        } finally {
          making.delete(task);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, deps.lanes ?? 1) }, lane));
  }

  /** A kind a picker waits for with nothing yet, then what a search asked for, then the tasks' own order. */
  function takeNext(): LibraryTask {
    const urgent = missing.findIndex((t) => wanted.has(t.kind) && !hasContent(t.kind) && !(t.upcoming?.kind === 'track' && t.upcoming.silent));
    const asked = urgent >= 0 ? urgent : missing.findIndex((t) => preferred.has(t.id));
    return missing.splice(Math.max(asked, 0), 1)[0]!;
  }

  return {
    /** Starts loading and generating once; later calls return the same run. */
    start(): Promise<void> {
      running ??= run()
        .catch((error: Error) => deps.log.error(`library: ${error.message}`))
        .finally(() => {
          finished = true;
          for (const wake of waiters) wake();
        });
      return running;
    },

    async stop(): Promise<void> {
      controller.abort();
      await running;
    },

    list<K extends LibraryKind>(kind: K): ItemOf<K>[] {
      return (items.get(kind) ?? []) as ItemOf<K>[];
    },

    /** Changes whenever an item is added, so an index knows when to catch up. */
    get version() {
      return version;
    },

    /** Starts the library if needed and waits up to `ms` for a first item of the kind (not at all once one exists); silence is no track. */
    async waitFor(kind: LibraryKind, ms: number): Promise<void> {
      void this.start();
      if (hasContent(kind) || finished) return;
      wanted.add(kind);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        }
        function check() {
          if (hasContent(kind) || finished) done();
        }
        waiters.add(check);
      });
    },

    /** Items of the kind being made or still to be made whose contents are known beforehand, with their task ids. */
    upcoming<K extends LibraryKind>(kind: K): { taskId: string; item: ItemOf<K> }[] {
      return [...making, ...missing].flatMap((t) => (t.kind === kind && t.upcoming ? [{ taskId: t.id, item: t.upcoming as ItemOf<K> }] : []));
    },

    /** Moves these pending items ahead of the rest of the queue (a search matched them). */
    prefer(taskIds: string[]): void {
      for (const id of taskIds) preferred.add(id);
    },

    /** Every storage key the library serves: the only files adding from the local library may read. */
    owns(key: string): boolean {
      for (const list of items.values()) {
        for (const item of list) if (keysOf(item).includes(key)) return true;
      }
      return false;
    },
  };
}

function keysOf(item: LibraryItem): string[] {
  switch (item.kind) {
    case 'image':
      return Object.values(item.keys);
    case 'video':
      return [item.posterKey, ...item.files.map((f) => f.key)];
    case 'track':
      return [item.key];
    case 'background':
      return [item.videoKey, item.thumbnailKey];
    case 'preview':
      return [item.videoKey, item.posterKey];
  }
}

export type MediaLibrary = ReturnType<typeof createMediaLibrary>;

