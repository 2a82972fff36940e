/**
 * Renders the sample stills in docs/ugc-stills with the offline compositor, from the generated packshot:
 *   node --import tsx apps/server/src/providers/image-generation/render-samples.ts [output directory]
 * Half size (540x960), to keep the repository light.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { composeStill, type StillChoices } from './compose.ts';
import { samplePackshot } from './sample-product.ts';

const samples: (StillChoices & { file: string })[] = [
  { file: 'kitchen-counter.jpg', background: 'Kitchen', placement: 'Placed on the counter', gender: 'Female', ethnicity: 'Caucasian', ageGroup: 'Adult', clothing: 'Casual Clothing' },
  { file: 'park-held.jpg', background: 'Park', placement: 'Held by person', gender: 'Other', ethnicity: 'Southeast Asian', ageGroup: 'Teen', clothing: 'Sportswear' },
  { file: 'home-office-counter.jpg', background: 'Home Office', placement: 'Placed on the counter', gender: 'Male', ethnicity: 'African', ageGroup: 'Elderly', clothing: 'Formal Clothing' },
  { file: 'cafe-held.jpg', background: 'Cafe', placement: 'Held by person', gender: 'Female', ethnicity: 'Indian', ageGroup: 'Adult', clothing: 'Traditional' },
  { file: 'livingroom-counter.jpg', background: 'Livingroom', placement: 'Placed on the counter', gender: 'Male', ethnicity: 'Hispanic', ageGroup: 'Teen', clothing: 'Sleepwear' },
];

const directory = resolve(process.argv[2] ?? join(import.meta.dirname, '../../../../../docs/ugc-stills'));
await mkdir(directory, { recursive: true });
const packshot = await samplePackshot();
for (const sample of samples) {
  const still = await composeStill(packshot, sample);
  const half = await sharp(still).resize(540, 960).jpeg({ quality: 84, mozjpeg: true }).toBuffer();
  await writeFile(join(directory, sample.file), half);
  process.stdout.write(`${sample.file}: ${sample.background}, ${sample.placement}, ${sample.gender} ${sample.ethnicity} ${sample.ageGroup} in ${sample.clothing}, ${Math.round(half.length / 1024)} KB\n`);
}
