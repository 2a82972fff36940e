import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Each run's servers keep their data under /tmp/reelsmith-e2e-<target>-<pid>; those of finished runs are removed. */
export default function removeFinishedRunsData(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(/^reelsmith-e2e-\w+-(\d+)$/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !alive(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}
