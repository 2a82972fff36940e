import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aiVideoMessages, generatedVideoTexts, ugcFieldLabels, ugcTexts } from '@reelsmith/contracts';
import { expect, test } from '@playwright/test';
import { finishAndDownload, openFromTile, phoneShot, pixelAt, writeFittingScript } from './finish.ts';

/**
 * UGC Video (issue 15 §2) with the offline providers: the form (its defaults, its refusals), the still, a reload on
 * /ugc-video2 that restores the step, the video, and the shared tail to a downloaded final MP4 with the product in it.
 */
let dir: string;
const path = (name: string) => join(dir, name);
const blue = [30, 111, 217];
const near = (rgb: number[], target: number[]) => rgb.every((v, i) => Math.abs(v - target[i]!) < 60);

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rs-e2e-ugc-'));
  // A product shot: a blue bottle on a white ground, as product photos usually are.
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=white:s=600x800,drawbox=x=220:y=160:w=160:h=480:c=0x1e6fd9:t=fill', '-frames:v', '1', path('bottle.png')]);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('UGC Video: the form to a still, a reload on step 2, the video, and the tail to a downloaded final MP4', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFromTile(page, 'ugc', /UGC Video/, /\/ugc-video$/);
  await expect(page.getByRole('heading', { name: ugcTexts.heading })).toBeVisible();

  // The spec's defaults, and the offline compositor saying it draws the person as an illustration.
  await expect(page.getByLabel(ugcFieldLabels.gender)).toHaveValue('Female');
  await expect(page.getByLabel(ugcFieldLabels.ethnicity)).toHaveValue('Caucasian');
  await expect(page.getByLabel(ugcFieldLabels.ageGroup)).toHaveValue('Adult');
  await expect(page.getByLabel(ugcFieldLabels.clothing)).toHaveValue('Casual Clothing');
  await expect(page.getByLabel(ugcFieldLabels.productPlacement)).toHaveValue('Placed on the counter');
  await expect(page.getByLabel(ugcFieldLabels.background)).toHaveValue('Livingroom');
  const note = page.getByRole('note');
  await expect(note).toContainText(ugcTexts.offlineImage);
  await expect(note).toContainText(ugcTexts.offlinePeople('Gender, Ethnicity, Age group and Clothing'));
  await expect(page.getByText(ugcTexts.imageHint)).toBeVisible();

  const generateImage = page.getByRole('button', { name: ugcTexts.generateImage });
  await generateImage.click();
  await expect(page.getByRole('alert')).toHaveText(ugcTexts.needProduct);
  await page.getByLabel(ugcFieldLabels.product).fill('Glow Serum');
  await generateImage.click();
  await expect(page.getByRole('alert')).toHaveText(ugcTexts.needImage);

  await page.getByLabel(ugcFieldLabels.background).selectOption('Kitchen');
  await page.getByLabel(ugcFieldLabels.productPlacement).selectOption('Held by person');
  await page.getByLabel(ugcTexts.imageLabel).setInputFiles(path('bottle.png'));
  await expect(page.getByRole('img', { name: ugcTexts.imagePreview })).toBeVisible();
  await phoneShot(page, '/tmp/G-ugc-form-375.png');

  const started = Date.now();
  await generateImage.click();
  await expect(page).toHaveURL(/\/ugc-video2\?project=/, { timeout: 120_000 });
  const imageSeconds = (Date.now() - started) / 1000;
  const project = new URL(page.url()).searchParams.get('project')!;
  const still = page.getByRole('img', { name: ugcTexts.ugcImageAlt('your product') });
  await expect(still).toBeVisible();

  // A reload restores the step: the still, the suggested prompt (editable), and 7 s.
  await page.reload();
  await expect(still).toBeVisible();
  const prompt = page.getByLabel(ugcTexts.promptLabel);
  await expect(prompt).toHaveValue(/Glow Serum/);
  await expect(page.getByRole('radio', { name: '7 secs' })).toBeChecked();
  await expect(page.getByRole('note').filter({ hasText: aiVideoMessages.offline })).toBeVisible();
  await prompt.fill('');
  await page.getByRole('button', { name: ugcTexts.generateVideo }).click();
  await expect(page.getByRole('alert')).toHaveText(ugcTexts.needPrompt);
  await prompt.fill('Slow push in on the serum bottle held to the camera');
  await phoneShot(page, '/tmp/G-ugc-step2-375.png');

  const videoStarted = Date.now();
  await page.getByRole('button', { name: ugcTexts.generateVideo }).click();
  const busy = page.getByRole('status').filter({ hasText: ugcTexts.videoBusy });
  await expect(busy).toContainText('Do not refresh');
  const result = page.getByLabel(ugcTexts.result, { exact: true });
  await expect(result).toBeVisible({ timeout: 300_000 });
  await expect(page.getByRole('button', { name: 'Restart' })).toHaveAccessibleDescription(generatedVideoTexts.restartKeepsHint('the prompt for this picture', ugcTexts.generateVideo));
  const videoSeconds = (Date.now() - videoStarted) / 1000;
  test.info().annotations.push({ type: 'ugc-wall-time', description: `still ${imageSeconds.toFixed(1)} s, video ${videoSeconds.toFixed(1)} s (offline)` });
  console.log(`[ugc] Generate Image → step 2: ${imageSeconds.toFixed(1)} s; Generate Video → result: ${videoSeconds.toFixed(1)} s`);

  // The preview shows the product (the blue bottle) from the photo.
  const preview = path('ugc-preview.mp4');
  writeFileSync(preview, await (await page.request.get((await result.getAttribute('src'))!)).body());
  const frame = execFileSync('ffmpeg', ['-v', 'error', '-ss', '3', '-i', preview, '-frames:v', '1', '-vf', 'scale=54:96', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
  let bluePixels = 0;
  for (let i = 0; i < frame.length; i += 3) if (near([frame[i]!, frame[i + 1]!, frame[i + 2]!], blue)) bluePixels += 1;
  expect(bluePixels).toBeGreaterThan(10);

  // The form remembers the latest choices on a return visit.
  await page.goto('/ugc-video');
  await expect(page.getByLabel(ugcFieldLabels.product)).toHaveValue('Glow Serum');
  await expect(page.getByLabel(ugcFieldLabels.background)).toHaveValue('Kitchen');
  await expect(page.getByRole('img', { name: ugcTexts.imagePreview })).toBeVisible();
  await page.goto(`/ugc-video2?project=${project}`);
  await expect(page.getByLabel(ugcTexts.result, { exact: true })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Next' }).click();
  await writeFittingScript(page, project, 7);
  const { file } = await finishAndDownload(page, project, dir, 'ugc', { ownVideoSeconds: 7 });
  // Somewhere across the frame's middle band, the bottle's blue is still there in the final video.
  const band = [0.3, 0.4, 0.5, 0.6, 0.7].flatMap((x) => [0.35, 0.45, 0.55].map((y) => pixelAt(file, 2, x, y)));
  expect(band.some((rgb) => near(rgb, blue))).toBe(true);
});

test('UGC Video: a failed start, a failed still, a failed status check and a failed video each show their message', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFromTile(page, 'ugc-errors', /UGC Video/, /\/ugc-video$/);
  await page.getByLabel(ugcFieldLabels.product).fill('Glow Serum');
  await page.getByLabel(ugcTexts.imageLabel).setInputFiles(path('bottle.png'));
  const generateImage = page.getByRole('button', { name: ugcTexts.generateImage });

  // The server's own refusal is shown as it is.
  await page.route('**/api/generate-ugc-image', (route) => route.fulfill({ status: 429, json: { error: ugcTexts.imageLimit(5) } }));
  await generateImage.click();
  await expect(page.getByRole('alert')).toHaveText(ugcTexts.imageLimit(5));

  // The still fails: SPEC §8 'Image generation failed' (the job's words when it has none of its own).
  await page.unroute('**/api/generate-ugc-image');
  await page.route('**/api/generate-ugc-image', (route) => route.fulfill({ json: { status: 'processing', video_id: 'p1' } }));
  await page.route('**/api/check-image-status', (route) => route.fulfill({ json: { ugc_image: null, status: 'error', error: null, percent: 0 } }));
  await generateImage.click();
  await expect(page.getByRole('alert')).toHaveText(ugcTexts.imageFailed, { timeout: 15_000 });

  // The status check itself fails: 'Failed to check image status'.
  await page.unroute('**/api/check-image-status');
  await page.route('**/api/check-image-status', (route) => route.fulfill({ status: 500, json: { error: 'Something went wrong on our side.' } }));
  await generateImage.click();
  await expect(page.getByRole('alert')).toHaveText(ugcTexts.imageCheckFailed, { timeout: 15_000 });
  await expect(page).toHaveURL(/\/ugc-video\?project=p1$/);

  // Step 2: the video generation fails, then its status check does.
  await page.route('**/api/latest-ugc-image', (route) =>
    route.fulfill({ json: { video_id: 'p1', ugc_image: '/favicon.svg', prompt: 'Show the bottle', video_length: '7', video_started: false } }),
  );
  await page.route('**/api/ugc-generate-video', (route) => route.fulfill({ json: { status: 'processing', video_id: 'p1' } }));
  await page.route('**/api/check-video-status', (route) => route.fulfill({ json: { status: 'error', user_video_url: null, error: null, percent: 0 } }));
  await page.goto('/ugc-video2?project=p1');
  const generateVideo = page.getByRole('button', { name: ugcTexts.generateVideo });
  await generateVideo.click();
  await expect(page.getByRole('alert')).toHaveText(ugcTexts.videoFailed, { timeout: 15_000 });
  await page.unroute('**/api/check-video-status');
  await page.route('**/api/check-video-status', (route) => route.abort());
  await generateVideo.click();
  await expect(page.getByRole('alert')).toHaveText(ugcTexts.videoCheckFailed, { timeout: 15_000 });
  await page.route('**/api/ugc-generate-video', (route) => route.abort());
  await generateVideo.click();
  await expect(page.getByRole('alert')).toHaveText(ugcTexts.startUnreachable);
});
