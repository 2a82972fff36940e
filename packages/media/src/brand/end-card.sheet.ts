import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'vitest';
import { escapeFilterValue } from '../filtergraph.ts';
import { renderEndCard, type EndCardSpec } from './end-card.ts';
import { fontFileOf } from './fonts.ts';

/**
 * `npm run sheets -w packages/media`: one end card per shipped font (heading and body in it), each for a made-up
 * brand with its own colours, tiled into docs/brands/end-cards.jpg. The full-size PNGs stay in the system's temp
 * folder (printed) to look at closely.
 */
const docs = fileURLToPath(new URL('../../../../docs/brands/', import.meta.url));
const out = join(tmpdir(), 'reelsmith-end-cards');
const ff = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

type Brand = Omit<EndCardSpec, 'headingFontFile' | 'bodyFontFile' | 'logoPath'> & { family: string; shop?: string };
const brands: Brand[] = [
  { family: 'Roboto', shop: "TOM'S", text: 'Book your table today', contact: 'tomscafe.example', background: '#1B3A5C', accent: '#F4B400', textColour: '#FFFFFF' },
  { family: 'Inter', shop: 'CAFÉ', text: "50% off: Tom's café, today!", contact: '+44 20 7946 0958', background: '#F7F1E3', accent: '#D1495B', textColour: '#2B2D42' },
  {
    family: 'Open Sans',
    text: 'Order your festive hamper before the twentieth of December',
    contact: 'www.hampers-and-more.example/christmas',
    background: '#2F5D50',
    accent: '#E9C46A',
    textColour: '#FFFFFF',
  },
  { family: 'Lato', shop: 'CLINIC', text: 'Free consultation', contact: '', background: '#6A0572', accent: '#FFD166', textColour: '#FFFFFF' },
  { family: 'Bebas Neue', shop: 'BAKERY', text: 'Grand opening this Saturday', contact: '@bakeryhouse', background: '#111111', accent: '#FF6B35', textColour: '#FFFFFF' },
  { family: 'League Spartan', shop: 'REEL', text: 'Try it free for 30 days', contact: 'reelsmith.example', background: '#E0F2F1', accent: '#00897B', textColour: '#004D40' },
];

/** A stand-in logo: the shop's name on a block of the accent colour, with a transparent margin. */
function logo(brand: Brand, fontFile: string, path: string) {
  const hex = (c: string) => c.replace('#', '0x');
  const name = `drawtext=fontfile=${escapeFilterValue(fontFile)}:text=${escapeFilterValue(brand.shop!)}:fontsize=120:fontcolor=${hex(brand.background)}:x=(w-text_w)/2:y=(h-text_h)/2`;
  ff('-f', 'lavfi', '-i', `color=c=${hex(brand.accent)}:s=600x260,format=rgba,${name},pad=640:300:20:20:color=black@0`, '-frames:v', '1', path);
}

it('renders an end card per shipped font and tiles them into docs/brands/end-cards.jpg', async () => {
  mkdirSync(out, { recursive: true });
  mkdirSync(docs, { recursive: true });
  const tiles: string[] = [];
  for (const [i, brand] of brands.entries()) {
    const [headingFontFile, bodyFontFile] = await Promise.all([fontFileOf(brand.family, { bold: true }), fontFileOf(brand.family)]);
    const logoPath = brand.shop ? join(out, `logo-${i}.png`) : undefined;
    if (logoPath) logo(brand, headingFontFile, logoPath);
    const { family: _, shop: __, ...colours } = brand;
    const card = join(out, `${i + 1}-${brand.family.replace(/ /g, '-')}.png`);
    await renderEndCard({ ...colours, headingFontFile, bodyFontFile, ...(logoPath ? { logoPath } : {}) }, card);
    tiles.push(card);
  }
  const label = (i: number) =>
    `[${i}:v]scale=360:640,pad=360:690:0:0:color=white,drawtext=text=${brands[i]!.family}:fontsize=26:fontcolor=black:x=(w-text_w)/2:y=652[t${i}]`;
  const graph = [...tiles.map((_, i) => label(i)), `${tiles.map((_, i) => `[t${i}]`).join('')}xstack=inputs=6:layout=0_0|360_0|720_0|0_690|360_690|720_690[grid]`];
  ff(...tiles.flatMap((t) => ['-i', t]), '-filter_complex', graph.join(';'), '-map', '[grid]', '-q:v', '3', '-frames:v', '1', join(docs, 'end-cards.jpg'));
  process.stdout.write(`end cards at full size in ${out}\n`);
});
