import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, ftruncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quotaMessages, scrollStopperTexts } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { addFirstStockItem, confirmedAccount, logIn } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'e2e-scroll-stopper-'));
/** A 21 MB file named like a video: the page refuses it by size before any byte is sent. */
const oversized = join(dir, 'too-big.mp4');
const fd = openSync(oversized, 'w');
ftruncateSync(fd, 21 * 1024 * 1024);
closeSync(fd);
/** 62 s of a tiny, slow video: past the 59 s the page warns about, yet a few KB. */
const long = join(dir, 'long.mp4');
execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x335577:size=180x320:rate=5:duration=62', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', long]);
const notes = join(dir, 'notes.txt');
writeFileSync(notes, 'not a video');

async function openScrollStopper(page: Page, prefix: string) {
  const account = await confirmedAccount(page, prefix);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Create Video' }).click();
  await page.getByRole('dialog').getByRole('link', { name: /Scroll Stopper/ }).click();
  await expect(page).toHaveURL(/\/scroll-stopper$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Scroll Stopper' })).toBeVisible();
}

/** On a fresh data folder the backgrounds are generated in the background; Minecraft is among the first items. */
const minecraft = (page: Page) => page.getByRole('button', { name: 'Use the Minecraft background' });

test('tile → Scroll Stopper → Minecraft → /script-types shows that video; an own video over 20 MB is refused', async ({ page }) => {
  test.setTimeout(420_000);
  await openScrollStopper(page, 'scroll');
  await expect(page.getByText(scrollStopperTexts.lengthNote)).toBeVisible();

  await page.getByLabel('Upload your own video').setInputFiles(oversized);
  await expect(page.getByRole('alert')).toHaveText(scrollStopperTexts.tooLarge);
  await expect(page).toHaveURL(/\/scroll-stopper$/);

  await page.getByRole('button', { name: 'Search Stock Videos' }).click();
  await expect(page.getByRole('dialog', { name: 'Search Stock Videos' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  await expect(minecraft(page)).toBeVisible({ timeout: 300_000 });
  await expect(minecraft(page).locator('img')).toHaveJSProperty('complete', true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/E-scroll-stopper-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '/tmp/E-scroll-stopper-375.png', fullPage: true });

  await minecraft(page).click();
  await expect(page).toHaveURL(/\/script-types\?project=[0-9a-f-]+$/);
  await expect(page.getByLabel('Your video')).toHaveAttribute('src', /\/files\/library\/v\d+\/backgrounds\/minecraft\.mp4\?/);
});

test('a failed video entry says so: the server’s text, else the spec’s', async ({ page }) => {
  test.setTimeout(420_000);
  await openScrollStopper(page, 'scroll-fail');
  await expect(minecraft(page)).toBeVisible({ timeout: 300_000 });

  await page.route('**/api/create-video-entry', (route) => route.fulfill({ status: 500, body: '' }));
  await minecraft(page).click();
  await expect(page.getByRole('alert')).toHaveText(scrollStopperTexts.createFailed);

  await page.unroute('**/api/create-video-entry');
  await page.route('**/api/create-video-entry', (route) => route.fulfill({ status: 403, json: { error: quotaMessages.videos } }));
  await minecraft(page).click();
  await expect(page.getByRole('alert')).toHaveText(quotaMessages.videos);
  await expect(page).toHaveURL(/\/scroll-stopper$/);
});

test('an own video: a text file is refused; one past 59 s is noted, and once accepted opens /script-types', async ({ page }) => {
  test.setTimeout(120_000);
  await openScrollStopper(page, 'scroll-own');
  const upload = page.getByLabel('Upload your own video');
  await upload.setInputFiles(notes);
  await expect(page.getByRole('alert')).toHaveText(scrollStopperTexts.notVideo);

  await upload.setInputFiles(long);
  const note = page.getByRole('status').filter({ hasText: scrollStopperTexts.longVideo(62) });
  await expect(note).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Choose another' }).click();
  await expect(note).toHaveCount(0);
  await expect(page).toHaveURL(/\/scroll-stopper$/);

  await upload.setInputFiles(long);
  await expect(note).toBeVisible({ timeout: 60_000 });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '/tmp/E-scroll-stopper-long-375.png', fullPage: true });
  await page.getByRole('button', { name: 'Use this video' }).click();
  await expect(page).toHaveURL(/\/script-types\?project=[0-9a-f-]+$/);
  await expect(page.getByLabel('Your video')).toHaveAttribute('src', /\/files\/users\/[^/]+\/uploads\//);
});

test('a stock video from the modal starts the project and opens /script-types on it', async ({ page }) => {
  test.setTimeout(420_000);
  await openScrollStopper(page, 'scroll-stock');
  await addFirstStockItem(page, 'video');
  await expect(page).toHaveURL(/\/script-types\?project=[0-9a-f-]+$/, { timeout: 60_000 });
  await expect(page.getByLabel('Your video')).toHaveAttribute('src', /\/files\/users\/[^/]+\/uploads\//);
});
