import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ffprobe, pixelAt } from './finish.ts';
import { signedInOnDashboard, upgradeToGrowth } from './helpers.ts';

/**
 * Issue 32: a video made under a brand carries it. An agency's second brand (its colours, an end card line, its logo
 * placed large in the bottom-left corner) is made active in the header; an Add B-Rolls video made then ends on the
 * brand's end card (read back with OCR), shows the logo (moved to the top-left corner, the captions being at the bottom),
 * and the dashboard lists it under that brand only.
 */

const fixtures = join(import.meta.dirname, '..', 'fixtures');
const said = 'Welcome to our bakery. Fresh bread every morning, and the best coffee in town.';
let dir: string;
let talking: string;

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rs-e2e-brand-video-'));
  execFileSync('flite', ['-voice', 'slt', '-t', said, '-o', join(dir, 'speech.wav')]);
  talking = join(dir, 'talking.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x404040:size=1080x1920:rate=30:duration=8', '-i', join(dir, 'speech.wav')],
    ...['-filter_complex', '[1:a]apad,aresample=44100[a]', '-map', '0:v', '-map', '[a]', '-t', '8'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '32', '-pix_fmt', 'yuv420p', '-c:a', 'aac', talking],
  ]);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const near = (rgb: number[], [r, g, b]: number[], tolerance = 40) => Math.abs(rgb[0]! - r!) <= tolerance && Math.abs(rgb[1]! - g!) <= tolerance && Math.abs(rgb[2]! - b!) <= tolerance;

/** Add B-Rolls on the talking clip, no music, generated captions, then the final video, downloaded; answers its path. */
async function makeVideo(page: Page, name: string, expected: { endCard: string | null }): Promise<string> {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Create Video' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /Add B-Rolls/ }).click();
  await expect(page).toHaveURL(/\/BRolls\?project=/);
  await page.getByLabel('Upload a video').setInputFiles(talking);
  await expect(page.getByLabel('Your video')).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Image 1').setInputFiles(join(fixtures, 'logo.png'));
  await page.getByLabel('Start (s) 1').fill('5');
  await page.getByLabel('End (s) 1').fill('6');
  await page.getByRole('button', { name: 'Add B-Rolls' }).click();
  await expect(page.getByLabel('Preview with overlays')).toBeVisible({ timeout: 180_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'No Background Music' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/subtitles\?project=/);

  await page.getByRole('button', { name: 'Generate Subtitles' }).click();
  await expect(page.getByRole('region', { name: 'Captions' }).getByRole('textbox').first()).toBeVisible({ timeout: 120_000 });
  if (expected.endCard) {
    await expect(page.getByRole('checkbox', { name: 'End card' })).toBeChecked();
    await expect(page.getByText(`Ends with: ${expected.endCard}`)).toBeVisible();
  } else {
    await expect(page.getByRole('checkbox', { name: 'End card' })).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Final Video' }).click();
  await expect(page.getByRole('heading', { name: 'Your video is ready' })).toBeVisible({ timeout: 300_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download' }).click()]);
  const file = join(dir, `${name}.mp4`);
  await download.saveAs(file);
  return file;
}

/** Pixels of the frame at `seconds` within 40 of the colour in every channel. */
function pixelsNear(video: string, seconds: number, colour: number[]): number {
  const frame = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { maxBuffer: 64 * 1024 * 1024 });
  let count = 0;
  for (let i = 0; i < frame.length; i += 3) if (near([frame[i]!, frame[i + 1]!, frame[i + 2]!], colour)) count++;
  return count;
}

test('an agency’s two brands each mark their own video: logo, end card, caption colour, and the dashboard lists each under its brand', async ({ page }) => {
  test.setTimeout(600_000);
  await signedInOnDashboard(page, 'brand-video');
  await upgradeToGrowth(page);

  await page.goto('/brands');
  await page.getByRole('button', { name: 'New brand' }).click();
  await page.getByLabel('Brand name').fill('Harbour Bakery');
  await page.getByLabel('Primary colour').fill('#0b6e4f');
  await page.getByLabel('Secondary colour').fill('#f4a259');
  await page.getByLabel('Text colour').fill('#ffffff');
  await page.getByLabel('Heading font').selectOption('Inter');
  await page.getByLabel('End card line').fill('Order fresh bread today');
  await page.getByLabel('Website or phone').fill('harbourbakery.example');
  await page.getByLabel('Logo position').selectOption({ label: 'Bottom left' });
  await page.getByLabel('Logo size').selectOption({ label: 'Large' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('article', { name: 'Harbour Bakery' })).toBeVisible();
  await page.getByText('Upload logo').setInputFiles(join(fixtures, 'logo.png'));
  await expect(page.getByText('Replace logo')).toBeVisible({ timeout: 30_000 });
  // The saved end card as the render draws it.
  await expect(page.getByRole('img', { name: 'End card as your videos show it: Order fresh bread today' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Brand' }).selectOption({ label: 'Harbour Bakery' });
  await expect(page.getByRole('article', { name: 'Harbour Bakery' }).getByText('Active', { exact: true })).toBeVisible();

  const file = await makeVideo(page, 'branded', { endCard: 'Order fresh bread today' });

  const seconds = Number(ffprobe(file).format.duration);
  expect(Math.abs(seconds - (8 + 2.5))).toBeLessThanOrEqual(0.5);
  // The captions sit at the bottom, so the bottom-left logo is drawn in the top-left corner, 280 px wide.
  expect(near(pixelAt(file, 2, 0.25, 0.085), [15, 118, 110])).toBe(true);
  const onCard = seconds - 0.8;
  expect(near(pixelAt(file, onCard, 0.03, 0.03), [0x0b, 0x6e, 0x4f], 24)).toBe(true);
  const frame = join(dir, 'card.png');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-ss', String(onCard), '-i', file, '-frames:v', '1', frame]);
  const read = execFileSync('tesseract', [frame, '-', '--psm', '6'], { encoding: 'utf8' }).toLowerCase().replace(/\s+/g, ' ');
  expect(read).toContain('order fresh bread');

  // The first brand, its captions in Hormozi with a pink emphasis, no end card line: its video has neither card nor logo.
  await page.goto('/brands');
  await page.getByRole('combobox', { name: 'Brand' }).selectOption({ label: 'My brand' });
  await page.getByRole('button', { name: 'Edit My brand' }).click();
  await page.getByLabel('Secondary colour').fill('#ff2bd6');
  await page.getByLabel('Caption style').selectOption('Hormozi');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('article', { name: 'My brand' }).getByText('Active', { exact: true })).toBeVisible();
  const plain = await makeVideo(page, 'first-brand', { endCard: null });
  expect(Math.abs(Number(ffprobe(plain).format.duration) - 8)).toBeLessThanOrEqual(0.5);
  expect(pixelsNear(plain, 1.5, [0xff, 0x2b, 0xd6])).toBeGreaterThan(200);
  expect(pixelsNear(file, 1.5, [0xff, 0x2b, 0xd6])).toBe(0);
  expect(near(pixelAt(plain, 2, 0.25, 0.085), [15, 118, 110])).toBe(false);

  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  const videos = page.getByRole('region', { name: 'Your videos' }).locator('video');
  const filter = page.getByLabel('Show videos of');
  await filter.selectOption({ label: 'Harbour Bakery' });
  await expect(videos).toHaveCount(1);
  await filter.selectOption({ label: 'My brand' });
  await expect(videos).toHaveCount(1);
  await filter.selectOption({ label: 'All brands' });
  await expect(videos).toHaveCount(2);
});
