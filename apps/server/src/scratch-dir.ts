import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * This process's scratch folder under `tmpRoot` (DATA_DIR/tmp), named after the host and the process. A worker
 * killed mid-render (out of memory, a deploy) leaves its partial files behind, and nothing in the dead process can
 * remove them; the next process to start on the same host does, without touching the folders of processes still
 * running there (an API and a worker may share DATA_DIR). Folders of other hosts on a shared volume are left to
 * those hosts, whose process ids this one cannot check.
 */
export function claimScratchDir(tmpRoot: string, host = hostname(), pid = process.pid): { dir: string; release(): void } {
  mkdirSync(tmpRoot, { recursive: true });
  const prefix = `${host}-`;
  for (const name of readdirSync(tmpRoot)) {
    if (!name.startsWith(prefix) || !/^\d+$/.test(name.slice(prefix.length))) continue;
    const owner = Number(name.slice(prefix.length));
    // Our own name here is a previous process's (a container restarted with the same pid): it is ours now.
    if (owner === pid || !alive(owner)) rmSync(join(tmpRoot, name), { recursive: true, force: true });
  }
  const dir = join(tmpRoot, `${prefix}${pid}`);
  mkdirSync(dir, { recursive: true });
  return { dir, release: () => rmSync(dir, { recursive: true, force: true }) };
}
