import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'vitest';
import { renderComposition } from '../render.ts';
import { subtitleStyleNames, subtitleStyles } from '../subtitles/styles.ts';

/**
 * `npm run sheets -w packages/media`: the nine caption styles (between them every shipped font) with a brand's
 * emphasis colour on the spoken word, each a frame of a real one-second render, tiled into docs/brands/captions.jpg.
 */
const docs = fileURLToPath(new URL('../../../../docs/brands/', import.meta.url));
const out = join(tmpdir(), 'reelsmith-brand-captions');
const ff = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
const brandPink = '#FF2BD6';
const words = [
  { text: 'Fresh', start: 0, end: 0.3 },
  { text: 'bread', start: 0.3, end: 0.45 },
  { text: 'daily', start: 0.45, end: 1 },
];

it('renders a caption in each style with a brand emphasis colour and tiles them into docs/brands/captions.jpg', async () => {
  mkdirSync(out, { recursive: true });
  mkdirSync(docs, { recursive: true });
  const still = join(out, 'still.png');
  ff('-f', 'lavfi', '-i', 'gradients=s=1080x1920:c0=0x2c3e50:c1=0x7f8c8d:x0=0:y0=0:x1=1080:y1=1920:seed=7', '-frames:v', '1', still);
  const tiles: string[] = [];
  for (const style of subtitleStyleNames) {
    const video = join(out, `${style.replace(/ /g, '-')}.mp4`);
    await renderComposition(
      {
        duration: 1,
        background: { kind: 'scenes', transition: 'fade', scenes: [{ imagePath: still, duration: 1, zoom: false }] },
        subtitles: { cues: [{ start: 0, end: 1, words }], style, position: 'middle', fontSize: 'large', highlightColour: brandPink },
      },
      { profile: 'preview', outputPath: video },
    );
    const frame = join(out, `${style.replace(/ /g, '-')}.png`);
    ff('-ss', '0.6', '-i', video, '-frames:v', '1', '-vf', 'crop=540:300:0:330', frame);
    tiles.push(frame);
  }
  const label = (i: number) => {
    const style = subtitleStyles[subtitleStyleNames[i]!];
    return `[${i}:v]pad=540:350:0:0:color=white,drawtext=text='${style.name} · ${style.fontName}':fontsize=24:fontcolor=black:x=(w-text_w)/2:y=315[t${i}]`;
  };
  const layout = tiles.map((_, i) => `${(i % 3) * 540}_${Math.floor(i / 3) * 350}`).join('|');
  const graph = [...tiles.map((_, i) => label(i)), `${tiles.map((_, i) => `[t${i}]`).join('')}xstack=inputs=${tiles.length}:layout=${layout}[grid]`];
  ff(...tiles.flatMap((t) => ['-i', t]), '-filter_complex', graph.join(';'), '-map', '[grid]', '-q:v', '3', '-frames:v', '1', join(docs, 'captions.jpg'));
  process.stdout.write(`caption frames in ${out}\n`);
});
