import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { motionTemplateNames, type MotionTemplateName } from '@reelsmith/contracts';
import { samplePackshot } from '../src/providers/image-generation/sample-product.ts';
import { prepareTemplateClip } from '../src/providers/video-generation/templates/template-clip.ts';
import type { TemplateWords } from '../src/providers/video-generation/templates/template-words.ts';

/**
 * `npm run bench:templates`: each motion template rendered at 14 s from the sample packshot (a 14 s Product Showcase
 * is the longest a template makes), timing the drawing of its planes and the ffmpeg run apart. The realtime factor is
 * the render's wall time over the clip's length: at most 1 is the target (issue 30). Wall time depends on what else
 * the machine does (the load average is printed); the ffmpeg CPU seconds do not.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 14);
const words: Record<MotionTemplateName, TemplateWords> = {
  hero: { business: 'Lumi Skincare' },
  hand: {},
  usage: { details: 'serum dropped onto a fingertip' },
  lifestyle: { details: 'on a sunny breakfast table' },
  features: { details: 'the pump, the glass bottle, the vitamin C core' },
  reveal: { details: 'dull skin, then a bright glow' },
  'social-proof': { business: 'Lumi Skincare' },
  outro: { details: '20% off, code GLOW20', business: 'Lumi Skincare' },
  showcase: { headline: 'Hydration that lasts all day long' },
  photo: { headline: 'Fresh from our kitchen' },
  ugc: { headline: 'Lumi Hydrating Serum' },
};
const only = (process.env.BENCH_TEMPLATES?.split(',') ?? motionTemplateNames) as MotionTemplateName[];
const photo = await samplePackshot();
const dir = await mkdtemp(join(tmpdir(), 'templates-bench-'));
const out = (line: string) => process.stdout.write(`${line}\n`);
out(`motion templates, ${seconds} s each, load ${loadavg()[0]!.toFixed(1)} at the start`);
out('template       planes   render   CPU      realtime factor');
let worst = 0;
try {
  for (const name of only) {
    const workDir = join(dir, name);
    const t0 = performance.now();
    await mkdir(workDir, { recursive: true });
    const clip = await prepareTemplateClip({ photo, prompt: `${name} scene`, seconds, template: { name, words: words[name] }, workDir });
    const t1 = performance.now();
    const run = spawnSync('bash', ['-c', 'TIMEFORMAT="%U %S"; time ffmpeg "$@" 2>/dev/null', 'ffmpeg', '-threads', '2', ...clip.args(join(workDir, 'clip.mp4'))], { encoding: 'utf8' });
    const t2 = performance.now();
    if (run.status !== 0) throw new Error(`${name}: ffmpeg failed`);
    const cpu = run.stderr.trim().split('\n').at(-1)!.split(' ').reduce((sum, s) => sum + Number(s), 0);
    const factor = (t2 - t0) / 1000 / seconds;
    worst = Math.max(worst, factor);
    out(`${name.padEnd(14)} ${((t1 - t0) / 1000).toFixed(1).padStart(5)} s  ${((t2 - t1) / 1000).toFixed(1).padStart(5)} s  ${cpu.toFixed(1).padStart(5)} s   ${factor.toFixed(2)}`);
  }
  out(`slowest: ${worst.toFixed(2)} × realtime (planes and render, load ${loadavg()[0]!.toFixed(1)} at the end)`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
