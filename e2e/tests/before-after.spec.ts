import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { aiVideoMessages, beforeAfterTexts } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { finishAndDownload, openFromTile, phoneShot, writeFittingScript } from './finish.ts';

/**
 * Before/After (issue 14 §4) from its dashboard tile: a still and a clip to a 14 s video, on through the shared tail
 * to a downloaded final MP4; image to video with the offline generator, found again after leaving; and each message
 * the page shows for a failed start or poll (route interception, no render).
 */
const dir = mkdtempSync(join(tmpdir(), 'rs-e2e-before-after-'));
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
const path = (name: string) => join(dir, name);
// A red still with a white grid: red shows where it is, the grid shows it move.
ffmpeg('-f', 'lavfi', '-i', 'color=c=0xd02020:s=720x1280,drawgrid=w=90:h=90:t=8:c=white', '-frames:v', '1', path('before.png'));
// A blue clip of 3 s with a white square crossing it (held on its last frame to fill its 7 s).
ffmpeg('-f', 'lavfi', '-i', 'color=c=0x2040e0:s=640x360:r=25:d=3,drawbox=x=t*150:y=140:w=80:h=80:c=white:t=fill', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path('after.mp4'));

/** The RGB pixels of a band across the frame at `seconds` (fractions of the height), scaled to 108 px wide. */
function band(video: string, seconds: number, top: number, bottom: number): Buffer {
  const crop = `crop=iw:ih*${bottom - top}:0:ih*${top},scale=108:-2`;
  return execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-vf', crop, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
}
const share = (rgb: Buffer, test: (r: number, g: number, b: number) => boolean) => {
  let hits = 0;
  for (let i = 0; i < rgb.length; i += 3) if (test(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!)) hits += 1;
  return hits / (rgb.length / 3);
};
/** The share of near-black pixels (a label's box) in the top-left quarter of the top tenth, at `seconds`. */
function labelBox(video: string, seconds: number): number {
  const rgb = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-vf', 'crop=iw/2:ih*0.1:0:ih*0.05,scale=108:-2', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
  return share(rgb, (r, g, b) => Math.max(r, g, b) < 100);
}
const reddish = (r: number, g: number, b: number) => r > 150 && g < 90 && b < 90;
const difference = (a: Buffer, b: Buffer) => a.reduce((sum, value, i) => sum + Math.abs(value - b[i]!), 0) / a.length;

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

const open = (page: Page, prefix: string) => openFromTile(page, prefix, /Before \/ After/, /\/before-after$/);
const aiOption = (page: Page, side: 'Before' | 'After') => page.getByRole('checkbox', { name: `${side}: ${beforeAfterTexts.imageToVideo(true)}` });

/** The before side an image (dropped), the after side a video (picked). */
async function fillSides(page: Page) {
  await dropFile(page, 'Drop the before image here or choose it', path('before.png'), 'image/png');
  await expect(page.getByRole('img', { name: 'Before preview' })).toBeVisible();
  await page.getByRole('region', { name: 'After' }).getByRole('radio', { name: 'Video' }).check();
  await page.getByLabel('Choose the after video').setInputFiles(path('after.mp4'));
  await expect(page.getByLabel('After preview')).toBeVisible();
}

test('Before/After: a still and a clip from the tile to a 14 s video, then the shared tail to a downloaded final MP4', async ({ page }) => {
  test.setTimeout(900_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, 'before-after');
  await expect(page.getByRole('heading', { name: 'Before / After' })).toBeVisible();
  await fillSides(page);
  const transition = page.getByLabel('Transition', { exact: true });
  await expect(transition).toHaveValue('fade');
  await expect(page.getByLabel('Preview of the Fade effect')).toHaveAttribute('src', /fade\.mp4/, { timeout: 60_000 });
  await transition.selectOption({ label: 'Wipe left' });
  await expect(page.getByLabel('Preview of the Wipe left effect')).toHaveAttribute('src', /wipeleft\.mp4/);
  await phoneShot(page, '/tmp/G-before-after-entry-375.png');

  const started = Date.now();
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('status').filter({ hasText: beforeAfterTexts.busy })).toContainText('Do not refresh');
  const result = page.getByLabel('Your video');
  await expect(result).toBeVisible({ timeout: 300_000 });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  test.info().annotations.push({ type: 'generate-to-result', description: `${seconds} s (offline, still + clip)` });
  console.info(`Before/After Generate → result: ${seconds} s`);
  await expect(result).toHaveAttribute('src', /-before-after\.mp4/);
  await expect.poll(() => result.evaluate((video: HTMLVideoElement) => Math.round(video.duration)), { timeout: 20_000 }).toBe(14);
  await expect(page.getByRole('button', { name: 'Restart' })).toBeVisible();
  const project = new URL(page.url()).searchParams.get('project')!;

  await page.getByRole('button', { name: 'Next' }).click();
  await writeFittingScript(page, project, 14);
  const { file } = await finishAndDownload(page, project, dir, 'before-after', { ownVideoSeconds: 14, reloadWhileRendering: true });
  // The uploaded still is on screen in the first half (its red, above any caption) and moves between two frames.
  const [early, later] = [band(file, 1, 0.15, 0.4), band(file, 5.5, 0.15, 0.4)];
  expect(share(early, reddish)).toBeGreaterThan(0.3);
  expect(share(later, reddish)).toBeGreaterThan(0.3);
  expect(difference(early, later)).toBeGreaterThan(3);
  // The second half is the clip: blue, no red.
  expect(share(band(file, 11, 0.15, 0.4), reddish)).toBeLessThan(0.05);
  // Each half is labelled in its top-left corner (BEFORE, AFTER), where neither picture has anything dark.
  expect(labelBox(file, 3)).toBeGreaterThan(0.1);
  expect(labelBox(file, 11)).toBeGreaterThan(0.1);
});

test('Before/After: image to video offline, labelled and with a prompt required, found again after leaving; the option stays, as it took no credit', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, 'before-after-ai');
  await fillSides(page);
  // The after side is a video: only the image side offers image to video.
  await expect(aiOption(page, 'After')).toHaveCount(0);
  const option = aiOption(page, 'Before');
  await expect(option).toBeVisible();
  await expect(page.getByText(aiVideoMessages.offline)).toHaveCount(0);
  await option.check();
  await expect(page.getByRole('note')).toHaveText(aiVideoMessages.offline);

  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('alert')).toHaveText(beforeAfterTexts.missingPrompt('before'));
  await page.getByLabel(beforeAfterTexts.promptLabel('before')).fill('slow zoom in on the tired skin');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('status').filter({ hasText: beforeAfterTexts.busy })).toContainText('Do not refresh');
  await expect(page).toHaveURL(/\/before-after\?project=/);
  const project = new URL(page.url()).searchParams.get('project')!;

  // Away to the dashboard, then back on the project (as its Continue does): the generation is still there.
  await page.goto('/dashboard');
  // Offline, image to video is a motion template: it takes no AI credit.
  await expect(page.getByText(/^AI Videos Used: \(0 \/ 1\)$/)).toBeVisible();
  await page.goto(`/before-after?project=${project}`);
  await expect(page.getByLabel('Your video')).toHaveAttribute('src', /-before-after\.mp4/, { timeout: 300_000 });

  await page.getByRole('button', { name: 'Restart' }).click();
  await page.getByLabel('Choose the before image').setInputFiles(path('before.png'));
  await expect(page.getByRole('img', { name: 'Before preview' })).toBeVisible();
  await expect(page.getByLabel(beforeAfterTexts.promptLabel('before'))).toBeVisible();
  // The plan's one AI credit is still there: image to video is offered again.
  await expect(aiOption(page, 'Before')).toBeVisible();
});

test('Before/After: a failed start, an unreachable server, a failed generation and a failed poll each show their message', async ({ page }) => {
  test.setTimeout(180_000);
  await open(page, 'before-after-messages');
  await fillSides(page);
  const generate = page.getByRole('button', { name: 'Generate' });
  const alert = page.getByRole('alert');

  await page.route('**/api/generate-before-after', (route) => route.fulfill({ status: 500, body: '' }));
  await generate.click();
  await expect(alert).toHaveText(beforeAfterTexts.startFailed);
  await page.unroute('**/api/generate-before-after');

  await page.route('**/api/generate-before-after', (route) => route.fulfill({ status: 200, json: { status: 'ok' } }));
  await generate.click();
  await expect(alert).toHaveText(beforeAfterTexts.unexpected);
  await page.unroute('**/api/generate-before-after');

  await page.route('**/api/generate-before-after', (route) => route.abort('connectionrefused'));
  await generate.click();
  await expect(alert).toHaveText(beforeAfterTexts.startUnreachable);
  await page.unroute('**/api/generate-before-after');

  // The server's own refusal is shown as it is.
  await page.route('**/api/generate-before-after', (route) => route.fulfill({ status: 400, json: { error: beforeAfterTexts.missingTransition } }));
  await generate.click();
  await expect(alert).toHaveText(beforeAfterTexts.missingTransition);
  await page.unroute('**/api/generate-before-after');

  await page.route('**/api/generate-before-after', (route) => route.fulfill({ json: { status: 'processing', video_id: 'p1' } }));
  const answers = [
    { status: 200, json: { status: 'processing', user_video_url: null, error: null, percent: 40 } },
    { status: 200, json: { status: 'error', user_video_url: null, error: aiVideoMessages.failed, percent: 40 } },
    { status: 500, json: {} },
  ];
  await page.route('**/api/check-video-status', (route) => route.fulfill(answers.shift()!));
  await generate.click();
  await expect(page.getByRole('progressbar', { name: beforeAfterTexts.progressLabel })).toHaveAttribute('aria-valuenow', '40', { timeout: 20_000 });
  await expect(alert).toHaveText(beforeAfterTexts.generationFailed, { timeout: 20_000 });
  await generate.click();
  await expect(alert).toHaveText(beforeAfterTexts.pollFailed, { timeout: 20_000 });
  // The files are still there for another try.
  await expect(page.getByRole('img', { name: 'Before preview' })).toBeVisible();
});
