import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { partOffset, partOverlay, puppetClipArgs, type PuppetClipOptions } from './puppet.ts';

const pose = (zoom: number) => ({ zoom, x: 0, y: 0, turn: 0 });
const base: PuppetClipOptions = {
  backdrop: '/tmp/backdrop.png',
  parts: [],
  camera: [pose(1.05), pose(1.1)],
  seconds: 7,
  outputPath: '/tmp/out.mp4',
};
const graph = (args: string[]) => args[args.indexOf('-filter_complex') + 1]!;

/** Evaluates an ffmpeg expression of `t` the way overlay does, for the few functions the offsets use. */
function at(expression: string, t: number): number {
  const js = expression.replaceAll('PI', 'Math.PI').replace(/\bsin\(/g, 'Math.sin(').replace(/\bclip\(/g, 'clip(');
  const clip = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  return new Function('t', 'clip', `return ${js};`)(t, clip) as number;
}

describe('partOffset', () => {
  it('is 0 for a part that does not move', () => {
    expect(partOffset({}, 'x')).toBe('0');
    expect(partOffset({ wobbles: [{ x: 0, y: 4, period: 3 }] }, 'x')).toBe('0');
  });

  it('sums its wobbles: each swings its pixels each way over its period, starting at its phase', () => {
    const expression = partOffset({ wobbles: [{ x: 0, y: 4, period: 2 }, { x: 0, y: 2, period: 1, phase: 0.25 }] }, 'y');
    expect(at(expression, 0)).toBeCloseTo(2);
    expect(at(expression, 0.5)).toBeCloseTo(4 - 2);
    for (let t = 0; t < 4; t += 0.1) expect(Math.abs(at(expression, t))).toBeLessThanOrEqual(6);
  });

  it('eases an arrival in: all its distance before it starts, settling to none when it ends', () => {
    const expression = partOffset({ arrival: { x: 0, y: -150, start: 0.2, seconds: 1 } }, 'y');
    expect(at(expression, 0)).toBeCloseTo(-150);
    expect(at(expression, 0.2)).toBeCloseTo(-150);
    // Ease-out: most of the way covered in the first half.
    expect(at(expression, 0.7)).toBeGreaterThan(-150 * 0.2);
    expect(at(expression, 1.2)).toBeCloseTo(0);
    expect(at(expression, 5)).toBeCloseTo(0);
  });
});

describe('partOverlay', () => {
  it('places a still part once, and a moving one per frame', () => {
    expect(partOverlay({ path: '/tmp/a.png', x: 10, y: 20 })).toBe('overlay=x=10:y=20:format=yuv420:eval=init');
    const moving = partOverlay({ path: '/tmp/a.png', x: 10, y: 20, wobbles: [{ x: 3, y: 0, period: 2 }] });
    expect(moving).toMatch(/^overlay=x=10\+3\*sin.*:y=20:format=yuv420:eval=frame$/);
    // The expression's commas are escaped for the filter graph.
    expect(moving).not.toMatch(/sin\(2\*PI\*\(t\/2,/);
  });
});

describe('puppetClipArgs', () => {
  it('holds the backdrop, lays each part over it in order and moves one camera over the result', () => {
    const args = puppetClipArgs({ ...base, parts: [{ path: '/tmp/body.png', x: 400, y: 700 }, { path: '/tmp/face.png', x: 500, y: 500, wobbles: [{ x: 0, y: 5, period: 1.5 }] }] });
    expect(args.filter((a) => a === '-i')).toHaveLength(3);
    const chains = graph(args).split(';');
    expect(chains[0]).toMatch(/^\[0:v\]format=yuv420p,loop=loop=209:size=1:start=0/);
    expect(chains.filter((c) => c.includes('overlay='))).toHaveLength(2);
    expect(chains.at(-1)).toMatch(/^\[l2\]pad=.*scale=.*setsar=1,format=yuv420p\[video\]$/);
    expect(args.slice(-8)).toEqual(['-r', '30', '-frames:v', '210', '-movflags', '+faststart', '-an', '/tmp/out.mp4']);
  });

  it('plays a numbered sequence once from the start and holds its last frame for the rest of the clip', () => {
    const args = puppetClipArgs({ ...base, parts: [{ path: '/tmp/hand%03d.png', frames: 43, x: 0, y: 800 }] });
    expect(args).toContain('-start_number');
    expect(graph(args)).toContain('tpad=stop_mode=clone:stop=167,trim=end_frame=210');
  });

  it('lays the overlay and the words on after the camera, so neither zooms', () => {
    const chains = graph(puppetClipArgs({ ...base, overlay: { path: '/tmp/tag.png', x: 44, y: 52 }, assPath: '/tmp/words.ass' })).split(';');
    expect(chains.at(-1)).toMatch(/^\[camera\]\[overlay\]overlay=x=44:y=52:format=yuv420:eval=init,ass=filename=.*words\.ass,format=yuv420p\[video\]$/);
  });

  it('refuses a camera that would show the picture’s edge and parts on odd pixels', () => {
    expect(() => puppetClipArgs({ ...base, camera: [pose(1), pose(1.1)] })).toThrow(/zooms in/);
    expect(() => puppetClipArgs({ ...base, parts: [{ path: '/tmp/a.png', x: 3, y: 2 }] })).toThrow(/even/);
  });

  it('renders with ffmpeg: a part moving over a backdrop makes frames that differ', () => {
    const dir = mkdtempSync(join(tmpdir(), 'puppet-'));
    const png = (name: string, source: string) => {
      execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', source, '-frames:v', '1', join(dir, name)]);
      return join(dir, name);
    };
    const backdrop = png('backdrop.png', 'color=c=#336699:s=1080x1920');
    const part = png('part.png', 'color=c=#ffcc00@1:s=200x200,format=rgba');
    const output = join(dir, 'out.mp4');
    execFileSync('ffmpeg', puppetClipArgs({ ...base, seconds: 2, backdrop, parts: [{ path: part, x: 440, y: 800, arrival: { x: 0, y: 400, start: 0, seconds: 1 } }], outputPath: output }), { stdio: 'ignore' });
    const yellowRow = (seconds: number) => {
      const column = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', output, '-frames:v', '1', '-vf', 'crop=2:1920:540:0', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
      for (let y = 0; y < 1920; y++) if (column[y * 6]! > 200 && column[y * 6 + 2]! < 100) return y;
      return -1;
    };
    expect(yellowRow(0.1)).toBeGreaterThan(yellowRow(1.5) + 150);
  }, 30_000);
});
