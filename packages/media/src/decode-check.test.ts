import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeCheckArgs, verifyDecodes } from './decode-check.ts';
import { probe } from './ffprobe.ts';

describe('verifyDecodes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rs-decode-'));
  const whole = join(dir, 'whole.mp4');
  const cut = join(dir, 'cut.mp4');
  beforeAll(() => {
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=25:duration=6', '-f', 'lavfi', '-i', 'sine=duration=6', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', whole]);
    const bytes = readFileSync(whole);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
  });

  it('passes a whole file', async () => {
    await expect(verifyDecodes(whole, 6)).resolves.toBeUndefined();
  });

  it('fails a file cut short whose header still reads fine', async () => {
    expect((await probe(cut)).duration).toBeCloseTo(6, 0);
    await expect(verifyDecodes(cut, 6)).rejects.toThrow();
  });

  it('seeks to the tail and refuses URLs', () => {
    expect(decodeCheckArgs('/a/b.mp4', 10)).toContain('8');
    expect(() => decodeCheckArgs('http://x/y.mp4', 10)).toThrow();
  });
});
