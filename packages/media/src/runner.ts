import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';

export interface RunOptions {
  /** Output length in seconds; progress is out_time over this. */
  duration: number;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  ffmpegPath?: string;
  /** Between SIGTERM (ffmpeg closes the file cleanly) and SIGKILL. */
  killGraceMs?: number;
}

export interface RunResult {
  stderrTail: string;
  /** Peak resident memory of the ffmpeg process, where /proc shows it. */
  peakRssBytes?: number;
}

export class FfmpegError extends Error {
  override name = 'FfmpegError';
  constructor(
    message: string,
    readonly stderrTail: string,
    readonly exitCode: number | null,
  ) {
    super(stderrTail ? `${message}\n${stderrTail}` : message);
  }
}

export class FfmpegTimeoutError extends FfmpegError {
  override name = 'FfmpegTimeoutError';
}

const tailLines = 40;

/** Runs ffmpeg with machine-readable progress on stdout; stderr is kept only as a tail for error messages. */
export function runFfmpeg(args: readonly string[], options: RunOptions): Promise<RunResult> {
  const { signal, timeoutMs, onProgress } = options;
  if (signal?.aborted) return Promise.reject(abortError(signal));

  return new Promise<RunResult>((resolve, reject) => {
    const child = spawn(options.ffmpegPath ?? 'ffmpeg', ['-progress', 'pipe:1', '-nostats', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stderr: string[] = [];
    let stderrPartial = '';
    let stdoutPartial = '';
    let peakRssBytes: number | undefined;
    let lastPercent = -1;
    let stopped: Error | undefined;
    let killTimer: NodeJS.Timeout | undefined;
    const tail = () => [...stderr, stderrPartial].filter(Boolean).slice(-tailLines).join('\n');

    const report = (percent: number) => {
      const rounded = Math.min(100, Math.max(0, Math.floor(percent)));
      if (rounded > lastPercent) {
        lastPercent = rounded;
        onProgress?.(rounded);
      }
    };

    const sampleMemory = () => {
      if (child.pid === undefined) return;
      readFile(`/proc/${child.pid}/status`, 'utf8').then(
        (status) => {
          const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
          if (kb) peakRssBytes = Math.max(peakRssBytes ?? 0, kb * 1024);
        },
        () => undefined,
      );
    };

    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (stdoutPartial + chunk).split('\n');
      stdoutPartial = lines.pop() ?? '';
      for (const line of lines) {
        const [key, value] = line.split('=');
        if (key === 'out_time_us' && options.duration > 0) report(Number(value) / 1e4 / options.duration);
        if (key === 'progress') sampleMemory();
      }
    });

    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (stderrPartial + chunk).split('\n');
      stderrPartial = lines.pop() ?? '';
      stderr.push(...lines);
      if (stderr.length > tailLines * 2) stderr.splice(0, stderr.length - tailLines);
    });

    const stop = (reason: Error) => {
      if (stopped || child.exitCode !== null) return;
      stopped = reason;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), options.killGraceMs ?? 2000);
    };
    const onAbort = () => stop(abortError(signal!));
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => stop(new FfmpegTimeoutError(`ffmpeg timed out after ${timeoutMs} ms`, '', null)), timeoutMs);

    const finish = () => {
      clearTimeout(timer);
      clearTimeout(killTimer);
      signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (error) => {
      finish();
      reject(new FfmpegError(`could not start ffmpeg: ${error.message}`, '', null));
    });
    child.on('close', (code) => {
      finish();
      if (stopped instanceof FfmpegTimeoutError) reject(new FfmpegTimeoutError(stopped.message, tail(), code));
      else if (stopped) reject(stopped);
      else if (code !== 0) reject(new FfmpegError(`ffmpeg exited with code ${code}`, tail(), code));
      else {
        report(100);
        resolve({ stderrTail: tail(), peakRssBytes });
      }
    });
  });
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The render was aborted', 'AbortError');
}
