import { localPathSchema } from './composition.ts';
import { sec } from './filtergraph.ts';
import { runFfmpeg, type RunOptions } from './runner.ts';

/**
 * Decodes the last seconds of every stream and throws the frames away. A file cut short keeps a readable header
 * (ffprobe is happy) but fails here, because the packets the index promises are not there.
 */
export function decodeCheckArgs(path: string, duration: number, tailSeconds = 2): string[] {
  const file = localPathSchema.parse(path);
  const start = Math.max(0, duration - tailSeconds);
  return ['-v', 'error', '-xerror', '-protocol_whitelist', 'file', '-ss', sec(start), '-i', file, '-f', 'null', '-'];
}

export async function verifyDecodes(
  path: string,
  duration: number,
  options: Pick<RunOptions, 'signal' | 'timeoutMs' | 'ffmpegPath'> = {},
): Promise<void> {
  await runFfmpeg(decodeCheckArgs(path, duration), { duration: Math.min(duration, 2), timeoutMs: 60_000, ...options });
}
