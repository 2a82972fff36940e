import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { aiVideoMessages, dashboardMessages, introScenes, introTexts, maxImageUploadBytes } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { signedInOnDashboard } from './helpers.ts';
import { finishAndDownload, phoneShot, pixelAt, writeFittingScript } from './finish.ts';

/**
 * Product Intro (issue 15 part 3) with the offline generator: from the dashboard modal's note to four scenes of four
 * types with their images, a transition, the 14 s result, and on through the shared tail to a downloaded final MP4.
 */
let dir: string;
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
const path = (name: string) => join(dir, name);
/** A product shot stand-in per scene: its own ground colour, a white box in a corner. */
const grounds = { magenta: [216, 27, 150], green: [24, 160, 88], blue: [30, 79, 217], yellow: [245, 217, 10] } as const;
type Ground = keyof typeof grounds;
const order: Ground[] = ['magenta', 'green', 'blue', 'yellow'];

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rs-e2e-intro-'));
  for (const ground of order) {
    const hex = grounds[ground].map((v) => v.toString(16).padStart(2, '0')).join('');
    ffmpeg('-f', 'lavfi', '-i', `color=c=0x${hex}:s=600x800,drawbox=x=30:y=30:w=120:h=160:c=white:t=fill`, '-frames:v', '1', path(`${ground}.png`));
  }
  // Named and typed as an image, just over the upload limit: the page reads only its size.
  writeFileSync(path('huge.png'), Buffer.alloc(maxImageUploadBytes + 10));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const near = (rgb: number[], target: readonly number[]) => rgb.every((v, i) => Math.abs(v - target[i]!) < 60);

/** Drops a file on the n-th image zone still on the page, as a drag from the desktop would. */
async function dropFile(page: Page, zone: number, file: string) {
  const transfer = await page.evaluateHandle(
    ({ name, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: 'image/png' }));
      return data;
    },
    { name: basename(file), base64: readFileSync(file).toString('base64') },
  );
  await page.getByText(introTexts.imageZone).nth(zone).dispatchEvent('drop', { dataTransfer: transfer });
}

test('Product Intro: four scene types with their images to a 14 s video, then the shared tail to a downloaded final MP4', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInOnDashboard(page, 'intro');
  // Product Intro has no tile in the spec's list: it has its own entry under the tiles (and the AI note links it too).
  await page.getByRole('button', { name: 'Create Video' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(dashboardMessages.motionTemplatesNote)).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Product Intro', exact: true })).toHaveAttribute('href', '/product-intro');
  await dialog.getByRole('link', { name: /^Product Intro 14 secs/ }).click();
  await expect(page).toHaveURL(/\/product-intro$/);
  await expect(page.getByRole('heading', { name: introTexts.heading, level: 1 })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: aiVideoMessages.offline })).toBeVisible();

  // The starting storyline: a fixed scene shows its direction and no details field; a custom one asks for details.
  await expect(page.getByLabel(introTexts.typeLabel(1))).toHaveValue('Hero Shot');
  await expect(page.getByText(introScenes['Hero Shot'].prompt)).toBeVisible();
  await expect(page.getByLabel(introTexts.extensionLabel(1))).toHaveCount(0);
  await expect(page.getByLabel(introTexts.extensionLabel(3))).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/G-intro-empty-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  const generate = page.getByRole('button', { name: introTexts.generate });
  await generate.click();
  await expect(page.getByRole('alert')).toHaveText(introTexts.needsExtension(3));

  // Four different types: Hero Shot (fixed), Lifestyle Context and Exploded Features (custom), Social Proof Snap (fixed).
  await page.getByLabel(introTexts.typeLabel(2)).selectOption('Lifestyle Context');
  await expect(page.getByText(introScenes['Lifestyle Context'].prompt)).toBeVisible();
  await page.getByLabel(introTexts.extensionLabel(2)).fill('on a sunny breakfast table');
  await expect(page.getByText('26 / 90')).toBeVisible();
  await page.getByLabel(introTexts.typeLabel(3)).selectOption('Exploded Features');
  await page.getByLabel(introTexts.extensionLabel(3)).fill('the pump, the glass bottle, the vitamin C core');
  await page.getByLabel(introTexts.typeLabel(4)).selectOption('Social Proof Snap');
  await expect(page.getByLabel(introTexts.extensionLabel(4))).toHaveCount(0);
  await expect(page.getByLabel(introTexts.extensionLabel(3))).toHaveAttribute('maxlength', '90');

  await generate.click();
  await expect(page.getByRole('alert')).toHaveText(introTexts.needsImage(1));
  // Scene 1's image dropped on its zone; a file over the upload limit is refused at its scene; the others picked.
  await dropFile(page, 0, path('magenta.png'));
  await expect(page.getByRole('img', { name: introTexts.imagePreview(1) })).toBeVisible();
  // One product photo serves the whole intro: the other scenes take it too, and the page says how to change one.
  for (const n of [2, 3, 4]) await expect(page.getByRole('img', { name: introTexts.imagePreview(n) })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: introTexts.imageReused([2, 3, 4]) })).toBeVisible();
  await page.getByLabel(introTexts.imageLabel(2), { exact: true }).setInputFiles(path('huge.png'));
  await expect(page.getByRole('alert')).toHaveText('The image must be at most 25 MB.');
  for (const [i, ground] of order.entries()) if (i > 0) await page.getByLabel(introTexts.imageLabel(i + 1), { exact: true }).setInputFiles(path(`${ground}.png`));
  for (const n of [2, 3, 4]) await expect(page.getByRole('img', { name: introTexts.imagePreview(n) })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  const transition = page.getByLabel(introTexts.transitionLabel, { exact: true });
  await expect(transition).toHaveValue('fade');
  await transition.selectOption({ label: 'Wipe left' });
  // A fresh server makes the five preview clips on the first visit.
  await expect(page.getByLabel(introTexts.transitionPreview('Wipe left'))).toHaveAttribute('src', /wipeleft\.mp4/, { timeout: 90_000 });
  await page.screenshot({ path: '/tmp/G-intro-form-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/G-intro-form-390.png', fullPage: true });
  // Nothing sticks out sideways at phone width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });

  const started = Date.now();
  await generate.click();
  const busy = page.getByRole('status').filter({ hasText: introTexts.busy });
  await expect(busy).toContainText('Do not refresh');
  const result = page.getByLabel(introTexts.result);
  await expect(result).toBeVisible({ timeout: 300_000 });
  const seconds = (Date.now() - started) / 1000;
  test.info().annotations.push({ type: 'generate-to-result', description: `${seconds.toFixed(1)} s (offline generator, 14 s)` });
  console.log(`[intro] Generate → result: ${seconds.toFixed(1)} s`);
  await expect(page).toHaveURL(/\/product-intro\?project=/);
  const project = new URL(page.url()).searchParams.get('project')!;
  // The offline renderer made it: the result says so, and names the settings that switch a provider on.
  await expect(page.getByTitle(introTexts.offlineBadgeTooltip)).toContainText(introTexts.offlineBadge);
  await phoneShot(page, '/tmp/G-intro-result-375.png');

  // The result is 14 s and shows each scene's own image, in order, in the middle of its 3.5 s.
  const preview = path('intro-preview.mp4');
  writeFileSync(preview, await (await page.request.get((await result.getAttribute('src'))!)).body());
  const duration = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', preview], { encoding: 'utf8' }));
  expect(duration).toBeCloseTo(14, 0);
  for (const [i, ground] of order.entries()) expect(near(pixelAt(preview, i * 3.5 + 1.75, 0.5, 0.5), grounds[ground]), `scene ${i + 1}`).toBe(true);

  await page.getByRole('button', { name: 'Next' }).click();
  await writeFittingScript(page, project, 14);
  const { file } = await finishAndDownload(page, project, dir, 'intro', { ownVideoSeconds: 14 });
  // The first scene's product is still in the final video.
  expect(near(pixelAt(file, 1.75, 0.5, 0.36), grounds.magenta)).toBe(true);
});

test('Product Intro: each failed start or poll shows its message, and the form stays as filled', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInOnDashboard(page, 'intro-messages');
  await page.goto('/product-intro');
  await page.getByLabel(introTexts.extensionLabel(3)).fill('serum dropped onto a fingertip');
  await page.getByLabel(introTexts.extensionLabel(4)).fill('confetti for the summer sale');
  for (const [i, ground] of order.entries()) await page.getByLabel(introTexts.imageLabel(i + 1), { exact: true }).setInputFiles(path(`${ground}.png`));
  const generate = page.getByRole('button', { name: introTexts.generate });
  const alert = page.getByRole('alert');

  // The start: no answer at all, a refusal without words, a refusal with the server's words, an answer off contract.
  const startAnswers = [{ abort: true }, { status: 500, json: {} }, { status: 415, json: { error: introTexts.badImage(2, 'Please upload a valid image file.') } }, { status: 200, json: { status: 'queued' } }] as const;
  let next = 0;
  let sent = '';
  await page.route('**/api/generate-product-intro', (route) => {
    sent = route.request().postDataBuffer()?.toString('latin1') ?? '';
    const answer = startAnswers[next++]!;
    return 'abort' in answer ? route.abort('connectionfailed') : route.fulfill({ status: answer.status, json: answer.json });
  });
  for (const message of [introTexts.startUnreachable, introTexts.startFailed, introTexts.badImage(2, 'Please upload a valid image file.'), introTexts.unexpected]) {
    await generate.click();
    await expect(alert).toHaveText(message);
  }
  // What the page sends is the SPEC §7 form: each scene's type, its details (empty for a fixed one), its image.
  for (const field of ['scene1_prompt1"\r\n\r\nHero Shot', 'scene2_prompt2"\r\n\r\n\r\n', 'scene3_prompt2"\r\n\r\nserum dropped onto a fingertip', 'scene4_prompt1"\r\n\r\nDynamic Outro', 'transition"\r\n\r\nfade', 'name="scene4_image"']) {
    expect(sent).toContain(field);
  }

  // The polls: an error with its words, an error without, done without a URL, a poll that fails.
  await page.unroute('**/api/generate-product-intro');
  await page.route('**/api/generate-product-intro', (route) => route.fulfill({ json: { status: 'processing', video_id: 'p1', reconnected: false } }));
  const polls = [
    { status: 200, json: { status: 'error', user_video_url: null, error: 'The video provider refused this image or prompt. Try another image or wording.' } },
    { status: 200, json: { status: 'error', user_video_url: null, error: null } },
    { status: 200, json: { status: 'done', user_video_url: null, error: null } },
    { status: 500, json: {} },
  ];
  await page.route('**/api/check-video-status', (route) => route.fulfill(polls.shift()!));
  for (const message of ['The video provider refused this image or prompt. Try another image or wording.', introTexts.generationFailed, introTexts.pollFailed, introTexts.pollFailed]) {
    await generate.click();
    await expect(alert).toHaveText(message, { timeout: 20_000 });
  }
  await expect(page.getByLabel(introTexts.extensionLabel(3))).toHaveValue('serum dropped onto a fingertip');
  await expect(page.getByRole('img', { name: introTexts.imagePreview(4) })).toBeVisible();
});
