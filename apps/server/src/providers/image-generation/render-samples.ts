/**
 * Renders the sample stills in docs/ugc-stills with the offline compositor, from the generated packshot:
 *   node --import tsx apps/server/src/providers/image-generation/render-samples.ts [output directory]
 * Half size (540x960), to keep the repository light.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { UgcBackground, UgcPlacement } from '@reelsmith/contracts';
import sharp from 'sharp';
import { composeStill } from './compose.ts';
import { samplePackshot } from './sample-product.ts';

const samples: { file: string; background: UgcBackground; placement: UgcPlacement }[] = [
  { file: 'kitchen-counter.jpg', background: 'Kitchen', placement: 'Placed on the counter' },
  { file: 'park-held.jpg', background: 'Park', placement: 'Held by person' },
  { file: 'home-office-counter.jpg', background: 'Home Office', placement: 'Placed on the counter' },
];

const directory = resolve(process.argv[2] ?? join(import.meta.dirname, '../../../../../docs/ugc-stills'));
await mkdir(directory, { recursive: true });
const packshot = await samplePackshot();
for (const sample of samples) {
  const still = await composeStill(packshot, sample);
  const half = await sharp(still).resize(540, 960).jpeg({ quality: 84, mozjpeg: true }).toBuffer();
  await writeFile(join(directory, sample.file), half);
  process.stdout.write(`${sample.file}: ${sample.background}, ${sample.placement}, ${Math.round(half.length / 1024)} KB\n`);
}
