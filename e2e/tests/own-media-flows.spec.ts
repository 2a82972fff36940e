import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { scriptTexts } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { finishAndDownload, openFromTile, phoneShot, pixelAt, writeFittingScript } from './finish.ts';
import { addFirstStockItem } from './helpers.ts';

/**
 * Image to Video, Use Own Video and Scroll Stopper, each from its dashboard tile to a downloaded final video
 * (issue 8). Media is made here with ffmpeg, tiny and short: the final video keeps the whole of the user's own
 * images or clips (5, 8 or 10 s), and the library background as long as the voiceover (issue 16).
 */
let dir: string;
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
const path = (name: string) => join(dir, name);

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rs-e2e-own-media-'));
  ffmpeg('-f', 'lavfi', '-i', 'color=c=red:size=360x640', '-frames:v', '1', path('red.png'));
  const clip = (name: string, colour: string, seconds: number) =>
    ffmpeg('-f', 'lavfi', '-i', `color=c=${colour}:size=360x640:rate=25:duration=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path(name));
  clip('red.mp4', 'red', 2);
  clip('blue.mp4', 'blue', 3);
  clip('green.mp4', 'green', 10);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Drops a file from disk on the labelled zone, as dragging it from the desktop would deliver it. */
async function dropFile(page: Page, zoneText: string, file: string, type: string) {
  const transfer = await page.evaluateHandle(
    ({ name, base64, mime }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: mime }));
      return data;
    },
    { name: basename(file), base64: readFileSync(file).toString('base64'), mime: type },
  );
  await page.getByText(zoneText).dispatchEvent('drop', { dataTransfer: transfer });
}

const near = (rgb: number[], target: number[]) => rgb.every((v, i) => Math.abs(v - target[i]!) < 60);
const projectOf = (page: Page) => new URL(page.url()).searchParams.get('project')!;

test('Animated Images: a dropped and a stock image, converted, to a downloaded 1080x1920 video that shows both images', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFromTile(page, 'flow-images', /Animated Images/, /\/ImagetoVideo$/);

  await dropFile(page, 'Drop images here or choose them', path('red.png'), 'image/png');
  const chosen = page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem');
  await expect(chosen).toHaveCount(1);
  await expect(page.getByRole('img', { name: 'Image 1: red.png' })).toBeVisible();

  const dialog = await addFirstStockItem(page, 'image');
  await expect(dialog.getByText(/^Added: /)).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(chosen).toHaveCount(2);
  await page.getByLabel('Effect', { exact: true }).selectOption({ label: 'Wipe left' });
  // A fresh server makes the five effect clips on the first visit.
  await expect(page.getByLabel('Preview of the Wipe left effect')).toHaveAttribute('src', /wipeleft\.mp4/, { timeout: 90_000 });
  await phoneShot(page, '/tmp/G-images-entry-375.png');

  await page.getByRole('button', { name: 'Convert to video' }).click();
  await expect(page.getByLabel('Your video')).toBeVisible({ timeout: 150_000 });
  const project = projectOf(page);
  await page.getByRole('button', { name: 'Next' }).click();
  // Two images of 4 s each.
  await writeFittingScript(page, project, 8);
  const { file } = await finishAndDownload(page, project, dir, 'images', { ownVideoSeconds: 8 });
  // The dropped image opens the video (well above any caption); the stock one is still there at the end.
  expect(near(pixelAt(file, 1, 0.5, 0.2), [255, 0, 0])).toBe(true);
  expect(near(pixelAt(file, 7.5, 0.5, 0.2), [255, 0, 0])).toBe(false);
});

test('Use Own Video: a dropped and a picked video, combined, to a downloaded 1080x1920 video that plays both through', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFromTile(page, 'flow-own', /Use Own Video/, /\/OwnVideo$/);

  await dropFile(page, 'Drop videos here or choose videos', path('red.mp4'), 'video/mp4');
  await page.getByLabel('Choose videos').setInputFiles(path('blue.mp4'));
  await expect(page.getByRole('list', { name: 'Your videos' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText(/MB of 40 MB · 2 of 6 videos/)).toBeVisible();
  await phoneShot(page, '/tmp/G-own-entry-375.png');

  await page.getByRole('button', { name: 'Use Videos' }).click();
  await expect(page).toHaveURL(/\/script-types\?project=/, { timeout: 180_000 });
  const project = projectOf(page);
  // 2 s of the red video, then 3 s of the blue one.
  await writeFittingScript(page, project, 5);
  const { file, voiceoverSeconds } = await finishAndDownload(page, project, dir, 'own', { ownVideoSeconds: 5 });
  // The videos play in the order they were added.
  expect(voiceoverSeconds).toBeGreaterThan(2.7);
  expect(near(pixelAt(file, 1, 0.5, 0.2), [255, 0, 0])).toBe(true);
  expect(near(pixelAt(file, 2.5, 0.5, 0.2), [0, 0, 255])).toBe(true);
});

test('Scroll Stopper: the Minecraft background to a downloaded 1080x1920 video as long as its voiceover', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFromTile(page, 'flow-scroll', /Scroll Stopper/, /\/scroll-stopper$/);
  const minecraft = page.getByRole('button', { name: 'Use the Minecraft background' });
  await expect(minecraft).toBeVisible({ timeout: 300_000 });
  await expect(minecraft.locator('img')).toHaveJSProperty('complete', true);
  await phoneShot(page, '/tmp/G-scroll-entry-375.png');

  await minecraft.click();
  await expect(page).toHaveURL(/\/script-types\?project=/);
  const project = projectOf(page);
  await writeFittingScript(page, project, 10);
  const { file } = await finishAndDownload(page, project, dir, 'scroll');
  // Minecraft's sky, as the library clip has it at the top of every frame.
  expect(near(pixelAt(file, 1, 0.5, 0.1), [133, 196, 243])).toBe(true);
});

test('Scroll Stopper: an own 10 s video stays whole after a short voiceover, noted before Next', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFromTile(page, 'flow-scroll-own', /Scroll Stopper/, /\/scroll-stopper$/);
  await page.getByLabel('Upload your own video').setInputFiles(path('green.mp4'));
  await expect(page).toHaveURL(/\/script-types\?project=/, { timeout: 60_000 });
  const project = projectOf(page);
  await expect(page.getByText(`${scriptTexts.videoLabel} · 10 sec`)).toBeVisible({ timeout: 60_000 });

  // The writer fills the video; cut to a few words, the script gets the note: the rest plays with music only.
  await page.getByRole('button', { name: scriptTexts.generate }).click();
  const script = page.getByLabel(scriptTexts.scriptLabel, { exact: true });
  await expect(script).not.toHaveValue('', { timeout: 90_000 });
  const note = page.getByRole('note').filter({ hasText: 'plays with music only' });
  await expect(note).toHaveCount(0);
  await script.fill('Fresh bread, every morning.');
  await expect(note).toHaveText(scriptTexts.shortForVideo(2, 10));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/audio-types\\?project=${project}$`));

  const { file, voiceoverSeconds } = await finishAndDownload(page, project, dir, 'scroll-own', { ownVideoSeconds: 10 });
  expect(voiceoverSeconds).toBeLessThan(5);
  // Long after the voice ended, the video still shows the user's own green clip.
  expect(near(pixelAt(file, 9.5, 0.5, 0.2), [0, 128, 0])).toBe(true);
});
