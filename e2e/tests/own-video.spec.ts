import { execFileSync } from 'node:child_process';
import { closeSync, copyFileSync, ftruncateSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownVideoTexts } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { addFirstStockItem, confirmedAccount, logIn } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'e2e-own-video-'));
const file = (name: string) => join(dir, name);
const video = (name: string, seconds: number, colour: string) =>
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=${colour}:size=720x1280:rate=25:duration=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file(name)]);
/** Files named like videos, as big as asked, without taking the disk space (the page only reads their size). */
function sparse(name: string, bytes: number) {
  const fd = openSync(file(name), 'w');
  ftruncateSync(fd, bytes);
  closeSync(fd);
  return file(name);
}

test.beforeAll(() => {
  video('first.mp4', 3, 'red');
  video('second.mp4', 2, 'blue');
  writeFileSync(file('notes.txt'), 'not a video');
  for (let n = 1; n <= 7; n += 1) copyFileSync(file('second.mp4'), file(`copy-${n}.mp4`));
  // 62 s at a tiny size and 5 frames a second: past the 59 s limit, yet a few KB.
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=green:size=180x320:rate=5:duration=62', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file('long.mp4')]);
});

async function openOwnVideo(page: Page, prefix: string) {
  const account = await confirmedAccount(page, prefix);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Create Video' }).click();
  await page.getByRole('dialog').getByRole('link', { name: /Use Own Video/ }).click();
  await expect(page).toHaveURL(/\/OwnVideo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Use Own Video' })).toBeVisible();
}

/** A drop of files made in the page, as dragging them from the desktop would deliver them. */
async function drop(page: Page, files: { name: string; type: string }[]) {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const f of list) data.items.add(new File(['x'], f.name, { type: f.type }));
    return data;
  }, files);
  await page.getByText('Drop videos here or choose videos').dispatchEvent('drop', { dataTransfer: transfer });
}

const total = (page: Page) => page.getByText(/MB of 40 MB/);
const useVideos = (page: Page) => page.getByRole('button', { name: 'Use Videos' });

test('two picked videos and a stock one are combined and open /script-types; non-videos are skipped', async ({ page }) => {
  test.setTimeout(480_000);
  await openOwnVideo(page, 'own');
  await expect(useVideos(page)).toBeDisabled();

  await page.getByLabel('Choose videos').setInputFiles([file('first.mp4'), file('second.mp4'), file('notes.txt')]);
  await expect(page.getByText(ownVideoTexts.skipped(['notes.txt']))).toBeVisible();
  await drop(page, [{ name: 'photo.png', type: 'image/png' }]);
  await expect(page.getByText(ownVideoTexts.skipped(['photo.png']))).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your videos' }).getByRole('listitem')).toHaveCount(2);
  await expect(total(page)).toHaveText(/0\.\d MB of 40 MB · 2 of 6 videos/);
  await expect(total(page)).not.toHaveClass(/text-red-700/);

  const dialog = await addFirstStockItem(page, 'video');
  await expect(dialog.getByText(/^Added: /)).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('list', { name: 'Your videos' }).getByRole('listitem')).toHaveCount(3);
  await expect(total(page)).toHaveText(/of 40 MB · 3 of 6 videos/);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/E-own-video-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '/tmp/E-own-video-375.png', fullPage: true });

  await useVideos(page).click();
  await expect(page).toHaveURL(/\/script-types\?project=[0-9a-f-]+$/, { timeout: 180_000 });
  await expect(page.getByLabel('Your video')).toHaveAttribute('src', /\/renders\/[0-9a-f-]+-own-videos\.mp4\?/);
});

test('over 40 MB is red and blocks Use Videos; a seventh video is left out; a stock video past the limit is refused', async ({ page }) => {
  test.setTimeout(480_000);
  await openOwnVideo(page, 'own-limit');
  await page.getByLabel('Choose videos').setInputFiles([sparse('big-1.mp4', 21 * 1024 * 1024), sparse('big-2.mp4', 21 * 1024 * 1024)]);
  await expect(total(page)).toHaveText(/42\.0 MB of 40 MB/);
  await expect(total(page)).toHaveClass(/text-red-700/);
  await expect(page.getByRole('alert').filter({ hasText: ownVideoTexts.overTotal })).toBeVisible();
  await expect(useVideos(page)).toBeDisabled();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '/tmp/E-own-video-over-375.png', fullPage: true });

  await page.getByRole('button', { name: 'Remove big-2.mp4' }).click();
  await expect(total(page)).not.toHaveClass(/text-red-700/);
  await expect(useVideos(page)).toBeEnabled();
  await page.getByRole('button', { name: 'Remove big-1.mp4' }).click();

  await page.getByLabel('Choose videos').setInputFiles(Array.from({ length: 7 }, (_, i) => file(`copy-${i + 1}.mp4`)));
  await expect(page.getByText(ownVideoTexts.droppedOverCount(1))).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your videos' }).getByRole('listitem')).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'Search Stock Videos' })).toBeDisabled();
  for (let n = 1; n <= 6; n += 1) await page.getByRole('button', { name: `Remove copy-${n}.mp4` }).click();

  // 39.9 MB leaves too little room for any stock loop: the server stops the download and says why.
  await page.getByLabel('Choose videos').setInputFiles([sparse('almost.mp4', 41_843_040)]);
  await expect(total(page)).toHaveText(/39\.9 MB of 40 MB/);
  const dialog = await addFirstStockItem(page, 'video');
  await expect(dialog.getByRole('alert')).toHaveText(ownVideoTexts.wouldExceed);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('list', { name: 'Your videos' }).getByRole('listitem')).toHaveCount(1);
});

test('failed uploads and a failed combine read the spec’s texts; past 59 s is noted and the video is cut at 59 s', async ({ page }) => {
  test.setTimeout(300_000);
  await openOwnVideo(page, 'own-errors');
  await page.getByLabel('Choose videos').setInputFiles([file('first.mp4'), file('long.mp4')]);
  // The browser reads both lengths: 3 s + 62 s.
  await expect(page.getByRole('status').filter({ hasText: ownVideoTexts.trimmed(65) })).toBeVisible();

  // The server answered without a text of its own, then not at all.
  await page.route('**/api/upload-and-save', (route) => route.fulfill({ status: 500, body: '' }), { times: 1 });
  await useVideos(page).click();
  await expect(page.getByRole('alert')).toHaveText(ownVideoTexts.uploadFailedRetry);
  await page.route('**/api/upload-and-save', (route) => route.abort(), { times: 1 });
  await useVideos(page).click();
  await expect(page.getByRole('alert')).toHaveText(ownVideoTexts.uploadFailed);
  await page.route('**/api/combine-videos-silent', (route) => route.fulfill({ status: 502, body: '' }), { times: 1 });
  await useVideos(page).click();
  await expect(page.getByRole('alert')).toHaveText(ownVideoTexts.operationFailed, { timeout: 30_000 });
  await expect(page).toHaveURL(/\/OwnVideo\?project=/);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '/tmp/E-own-video-errors-375.png', fullPage: true });

  // Retried for real: the combined video stops at 59 s.
  await useVideos(page).click();
  await expect(page).toHaveURL(/\/script-types\?project=[0-9a-f-]+$/, { timeout: 180_000 });
  await expect(page.getByText('Your video · 59 sec')).toBeVisible({ timeout: 30_000 });
});
