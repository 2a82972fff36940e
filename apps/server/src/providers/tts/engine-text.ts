import { execFile } from 'node:child_process';
import { TtsError } from './types.ts';

/**
 * flite and festival read bytes, not Unicode: "café" or a curly apostrophe would be spelled out or dropped. The
 * engines get a plain-ASCII copy; the words the captions show stay as written.
 */
export function engineText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[‘’‚′]/g, "'")
    .replace(/[“”„″]/g, '"')
    .replace(/[‐‑‒–—―]/g, ' ')
    .replace(/…/g, '...')
    .replace(/[^\x20-\x7e\n]/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

const engineTimeoutMs = 120_000;

/** Runs a synthesiser binary; a failure is a TtsError carrying its stderr. */
export function runEngine(command: string, args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { signal, timeout: engineTimeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        if (signal?.aborted) return reject(signal.reason instanceof Error ? signal.reason : error);
        const reason = error.killed ? 'timeout' : 'failed';
        reject(new TtsError(reason, `${command} failed: ${stderr.trim().slice(0, 300) || error.message}`, { cause: error }));
      },
    );
  });
}
