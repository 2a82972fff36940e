import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimScratchDir } from './scratch-dir.ts';

/** The pid of a process that has exited (and been reaped), so no process has it now. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
}

describe('claimScratchDir', () => {
  it('removes what dead processes of this host left, keeps live ones and other hosts, and releases its own', () => {
    const root = mkdtempSync(join(tmpdir(), 'rs-scratch-'));
    const dead = join(root, `box-${deadPid()}`);
    const live = join(root, `box-${process.ppid}`);
    const otherHost = join(root, 'other-1');
    for (const dir of [dead, live, otherHost]) {
      mkdirSync(dir);
      writeFileSync(join(dir, 'render-1.mp4'), 'partial');
    }
    const previousSelf = join(root, 'box-4242');
    mkdirSync(previousSelf);
    writeFileSync(join(previousSelf, 'poster.jpg'), 'partial');

    const scratch = claimScratchDir(root, 'box', 4242);
    expect(scratch.dir).toBe(previousSelf);
    expect(readdirSync(previousSelf)).toEqual([]);
    expect(existsSync(dead)).toBe(false);
    expect(readdirSync(live)).toEqual(['render-1.mp4']);
    expect(readdirSync(otherHost)).toEqual(['render-1.mp4']);

    scratch.release();
    expect(readdirSync(root).sort()).toEqual([`box-${process.ppid}`, 'other-1']);
  });
});
