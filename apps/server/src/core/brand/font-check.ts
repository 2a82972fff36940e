import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type FontFormat = 'ttf' | 'otf' | 'woff2';

/** The font format the first bytes announce; WOFF (1) and everything else is not taken. */
export function sniffFontFormat(bytes: Buffer): FontFormat | null {
  if (bytes.length < 12) return null;
  const tag = bytes.subarray(0, 4);
  if (tag.equals(Buffer.from([0, 1, 0, 0])) || tag.toString('latin1') === 'true') return 'ttf';
  if (tag.toString('latin1') === 'OTTO') return 'otf';
  if (tag.toString('latin1') === 'wOF2') return 'woff2';
  return null;
}

/**
 * Whether every table the font's directory lists lies inside the file: a font cut short (a broken download) passes
 * the magic bytes and even a first read, then draws nothing. WOFF2 states its whole length in its header instead.
 */
export function fontIsComplete(bytes: Buffer, format: FontFormat): boolean {
  if (format === 'woff2') return bytes.length >= 48 && bytes.readUInt32BE(8) === bytes.length;
  const tables = bytes.readUInt16BE(4);
  if (tables === 0 || 12 + tables * 16 > bytes.length) return false;
  for (let i = 0; i < tables; i++) {
    const entry = 12 + i * 16;
    const offset = bytes.readUInt32BE(entry + 8);
    const length = bytes.readUInt32BE(entry + 12);
    if (offset + length > bytes.length) return false;
  }
  return true;
}

/** The family name fontconfig reads from the file (what libass will ask for), or null when it cannot read it. */
export async function fontFamilyOf(path: string): Promise<string | null> {
  try {
    const { stdout } = await run('fc-scan', ['--format', '%{family[0]}\n', path], { timeout: 10_000 });
    const family = stdout.split('\n')[0]?.trim() ?? '';
    return family.length > 0 && family.length <= 80 ? family : null;
  } catch {
    return null;
  }
}
