import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Host } from './network.ts';

/** A process running on one host of the test network, with its output in a log file for when something fails. */
export interface HostProcess {
  host: Host;
  child: ChildProcess;
  log: string;
  /** Resolves when the process has exited, however it ended. */
  exited: Promise<void>;
  /** SIGKILL to the whole process group (node and its ffmpeg): the host dies with everything on it. */
  kill(): Promise<void>;
}

export function startOn(host: Host, command: string[], options: { cwd: string; env: NodeJS.ProcessEnv; logDir: string; label: string }): HostProcess {
  mkdirSync(options.logDir, { recursive: true });
  const log = join(options.logDir, `${options.label}.log`);
  const out = openSync(log, 'w');
  // `ip netns exec` execs the command in place, so the child's pid is the command's; detached makes it a group
  // leader, so killing the group takes its ffmpeg children too.
  const child = spawn('ip', ['netns', 'exec', host.namespace, ...command], { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', out, out] });
  closeSync(out);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // The group is gone already.
    }
  };
  return {
    host,
    child,
    log,
    exited,
    async kill() {
      signalGroup('SIGKILL');
      await exited;
    },
  };
}

/** Polls `url` until it answers 200, failing early when the process behind it exits. */
export async function waitForOk(url: string, process: HostProcess, timeoutMs = 90_000): Promise<void> {
  let gone = false;
  void process.exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`${process.host.name} exited before ${url} answered; see ${process.log}`);
    const status = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(250);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms; see ${process.log}`);
}

/** The command line of an ffmpeg in this process's group with `argument` on it (a render, not a probe), or null. */
export function ffmpegOf(process: HostProcess, argument: string): string[] | null {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid pgrp ...": the group is the fifth field, after the parenthesised name.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      if (Number(fields[2]) !== process.child.pid) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (command[0]?.endsWith('ffmpeg') && command.includes(argument)) return command;
    } catch {
      // The process ended while we looked.
    }
  }
  return null;
}

/** Waits until the process has written `text` to its log (a worker-only process answers nothing else). */
export async function waitForLog(process: HostProcess, text: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (readFileSync(process.log, 'utf8').includes(text)) return;
    if (process.child.exitCode !== null || process.child.signalCode !== null) break;
    await sleep(250);
  }
  throw new Error(`${process.host.name} did not log "${text}"; see ${process.log}`);
}
