import { vi } from 'vitest';

/** Everything the app writes to its log while `run` goes on: the app logs to stdout, as a deployment's does. */
export async function loggedWhile(run: () => Promise<void>): Promise<string> {
  let log = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    log += chunk.toString();
    return true;
  });
  try {
    await run();
  } finally {
    write.mockRestore();
  }
  return log;
}
