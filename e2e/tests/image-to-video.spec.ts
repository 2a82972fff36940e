import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatedVideoTexts, imageToVideoTexts, maxImageBytes, scriptTexts, uploadPolicies } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { pixelAt } from './finish.ts';
import { confirmedAccount, logIn } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'rs-e2e-images-'));
/** Solid 9:16 PNGs made on the spot; the same colour always makes the same bytes, so the same size. */
function png(name: string, colour: string): string {
  const path = join(dir, `${name}.png`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=${colour}:size=360x640`, '-frames:v', '1', path]);
  return path;
}
const red = png('red', 'red');
const blue = png('blue', 'blue');
const green = png('green', 'green');

/** Signs in and opens Animated Images from the dashboard's Create Video dialog. */
async function openImageToVideo(page: Page, prefix: string) {
  const account = await confirmedAccount(page, prefix);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Create Video' }).click();
  await page.getByRole('dialog').getByRole('link', { name: /Animated Images/ }).click();
  await expect(page).toHaveURL(/\/ImagetoVideo$/);
  await expect(page.getByRole('heading', { name: 'Animated Images' })).toBeVisible();
}

const chosen = (page: Page) => page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem');

/** A grey still with a red band on its first edge and a blue one on its last: left and right, or top and bottom. */
function banded(name: string, width: number, height: number, axis: 'x' | 'y'): string {
  const path = join(dir, `${name}.png`);
  const [first, last] = axis === 'x' ? ['x=0:y=0:w=80:h=ih', 'x=iw-80:y=0:w=80:h=ih'] : ['x=0:y=0:w=iw:h=100', 'x=0:y=ih-100:w=iw:h=100'];
  const bands = `drawbox=${first}:c=red:t=fill,drawbox=${last}:c=blue:t=fill`;
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=gray:size=${width}x${height}`, '-vf', bands, '-frames:v', '1', path]);
  return path;
}
const isRed = ([r, g, b]: number[]) => r! > 180 && g! < 80 && b! < 80;

test('Animated Images: picker with a duplicate, the count check, then 3 images converted and on to /script-types', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openImageToVideo(page, 'images');

  // The effect select starts on fade and shows each effect's preview clip.
  const effect = page.getByLabel('Effect', { exact: true });
  await expect(effect).toHaveValue('fade');
  await expect(page.getByLabel('Preview of the Fade effect')).toHaveAttribute('src', /\/files\/library\/effects\/fade\.mp4/, { timeout: 60_000 });
  await effect.selectOption({ label: 'Wipe right' });
  await expect(page.getByLabel('Preview of the Wipe right effect')).toHaveAttribute('src', /wiperight\.mp4/);

  const picker = page.getByLabel('Choose images');
  await picker.setInputFiles([red]);
  await expect(chosen(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Convert to video' }).click();
  await expect(page.getByRole('alert')).toHaveText(imageToVideoTexts.wrongCount);

  await picker.setInputFiles([blue, green, red]);
  await expect(chosen(page)).toHaveCount(3);
  await expect(page.getByText(imageToVideoTexts.duplicates(1))).toBeVisible();
  await expect(page.getByRole('img', { name: 'Image 3: green.png' })).toBeVisible();
  await page.getByRole('radio', { name: 'No' }).check();
  await page.screenshot({ path: '/tmp/D-images-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: '/tmp/D-images-375.png', fullPage: true });

  await page.getByRole('button', { name: 'Convert to video' }).click();
  await expect(page.getByRole('status').filter({ hasText: imageToVideoTexts.busy })).toContainText('Do not refresh');
  const result = page.getByLabel('Your video');
  await expect(result).toBeVisible({ timeout: 150_000 });
  await expect(result).toHaveAttribute('src', /-images\.mp4/);
  await expect(page).toHaveURL(/\/ImagetoVideo\?project=/);
  const project = new URL(page.url()).searchParams.get('project')!;
  await expect(page.getByRole('button', { name: 'Restart' })).toBeVisible();
  // The browser plays it: 3 images of 4 s each.
  await expect.poll(() => result.evaluate((video: HTMLVideoElement) => Math.round(video.duration)), { timeout: 20_000 }).toBe(12);
  await result.evaluate((video: HTMLVideoElement) => {
    video.currentTime = 2;
  });
  await expect.poll(() => result.evaluate((video: HTMLVideoElement) => video.readyState >= 2)).toBe(true);
  await page.screenshot({ path: '/tmp/D-result-375.png', fullPage: true });

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/script-types\\?project=${project}$`));
  await expect(page.getByLabel(scriptTexts.videoLabel, { exact: true })).toHaveAttribute('src', /-images\.mp4/);
  await expect(page.getByText(`${scriptTexts.videoLabel} · 12 sec`)).toBeVisible();

  // The writer fills the 12 s of images (27 words at most), so no image is left without a voice.
  await page.getByRole('button', { name: scriptTexts.generate }).click();
  const script = page.getByLabel(scriptTexts.scriptLabel, { exact: true });
  await expect(script).not.toHaveValue('', { timeout: 90_000 });
  const words = (await script.inputValue()).split(/\s+/).filter((word) => /\p{L}/u.test(word)).length;
  expect(words).toBeGreaterThanOrEqual(21);
  expect(words).toBeLessThanOrEqual(27);
  const note = page.getByRole('note').filter({ hasText: 'plays with music only' });
  await expect(note).toHaveCount(0);
  // Cut to a few words, the script gets a note before Next: the rest of the video would have music only.
  await script.fill('Fresh bread, every morning.');
  await expect(note).toHaveText(scriptTexts.shortForVideo(2, 12));
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
});

test('Animated Images: at most 10 kept; a failed render and an answer without a URL show their messages', async ({ page }) => {
  test.setTimeout(120_000);
  await openImageToVideo(page, 'images-messages');
  const many = Array.from({ length: 11 }, (_, i) => png(`photo-${i + 1}`, `0x${(i * 20).toString(16).padStart(2, '0')}4080`));
  await page.getByLabel('Choose images').setInputFiles(many);
  await expect(chosen(page)).toHaveCount(10);
  await expect(page.getByText(imageToVideoTexts.dropped(1))).toBeVisible();
  await page.getByRole('button', { name: 'Remove photo-1.png' }).click();
  await expect(chosen(page)).toHaveCount(9);

  // The render itself is the server's business (tested there); here the page's reading of each answer.
  await page.route('**/api/convert-images-to-video', (route) => route.fulfill({ json: { status: 'processing', video_id: 'p1' } }));
  const answers = [
    { status: 'error', user_video_url: null, error: 'Video generation failed.' },
    { status: 'done', user_video_url: null, error: null },
  ];
  await page.route('**/api/check-video-status', (route) => route.fulfill({ json: answers.shift() }));
  const convert = page.getByRole('button', { name: 'Convert to video' });
  await convert.click();
  await expect(page.getByRole('alert')).toHaveText(imageToVideoTexts.failed, { timeout: 20_000 });
  await convert.click();
  await expect(page.getByRole('alert')).toHaveText(imageToVideoTexts.unexpected, { timeout: 20_000 });
  await expect(chosen(page)).toHaveCount(9);
});

test('Animated Images: Convert after the session ended says User not logged in, and keeps the images', async ({ page }) => {
  await openImageToVideo(page, 'images-session');
  await page.getByLabel('Choose images').setInputFiles([red, blue]);
  await expect(chosen(page)).toHaveCount(2);
  // Signed out elsewhere (another tab, an expired cookie): the page still shows, the server no longer knows the user.
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Convert to video' }).click();
  await expect(page.getByRole('alert')).toHaveText(imageToVideoTexts.notLoggedIn);
  await expect(chosen(page)).toHaveCount(2);
  await expect(page).toHaveURL(/\/ImagetoVideo$/);
});

test('Animated Images: an image over the upload limit is left out before upload, with the text the server refuses it with', async ({ page }) => {
  await openImageToVideo(page, 'images-big');
  // Named and typed as an image, one byte over: the page reads only its size.
  const big = join(dir, 'big.png');
  const fd = openSync(big, 'w');
  ftruncateSync(fd, maxImageBytes + 1);
  closeSync(fd);
  let converts = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/convert-images-to-video')) converts += 1;
  });
  await page.getByLabel('Choose images').setInputFiles([red, big]);
  await expect(chosen(page)).toHaveCount(1);
  await expect(page.getByText(uploadPolicies['scene-image'].tooLargeMessage())).toBeVisible();
  await page.getByRole('button', { name: 'Convert to video' }).click();
  await expect(page.getByRole('alert')).toHaveText(imageToVideoTexts.wrongCount);
  expect(converts).toBe(0);
});

test('Animated Images: Restart drops the result and every choice, back to an empty picker', async ({ page }) => {
  await openImageToVideo(page, 'images-restart');
  await page.getByLabel('Choose images').setInputFiles([red, blue]);
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByLabel('Effect', { exact: true }).selectOption({ label: 'Smooth right' });
  // The render is the server's business (tested there and in own-media-flows); here only the page's reset.
  await page.route('**/api/convert-images-to-video', (route) => route.fulfill({ json: { status: 'processing', video_id: 'p1' } }));
  await page.route('**/api/check-video-status', (route) => route.fulfill({ json: { status: 'done', user_video_url: '/files/none.mp4', error: null } }));
  await page.getByRole('button', { name: 'Convert to video' }).click();
  await expect(page.getByLabel('Your video')).toBeVisible({ timeout: 20_000 });

  // Restart says what it does before it is pressed.
  await expect(page.getByRole('button', { name: 'Restart' })).toHaveAccessibleDescription(generatedVideoTexts.restartHint('Convert to video'));
  await page.getByRole('button', { name: 'Restart' }).click();
  await expect(page.getByLabel('Your video')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Chosen images' })).toHaveCount(0);
  await expect(page.getByText('0 of 10 images')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await expect(page.getByLabel('Effect', { exact: true })).toHaveValue('fade');
});

test('Animated Images: each picture shows as the video crops it, moves by keys or drag, and the video keeps that framing', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openImageToVideo(page, 'images-framing');
  // A 4:5 photo loses its sides to 9:16, a 3:8 screenshot its top and bottom: each hides its red band when centred.
  await page.getByLabel('Choose images').setInputFiles([banded('photo', 800, 1000, 'x'), banded('screenshot', 600, 1600, 'y')]);
  await expect(chosen(page)).toHaveCount(2);
  await expect(page.getByText('Drag to choose what shows')).toBeVisible();
  const photo = page.getByRole('group', { name: 'Framing of image 1' });
  const screenshot = page.getByRole('group', { name: 'Framing of image 2' });
  const position = (frame: typeof photo) => frame.getByRole('img').evaluate((img: HTMLImageElement) => img.style.objectPosition);
  await expect.poll(() => position(photo)).toBe('50% 50%');

  // Keys move only along the axis with room: up does nothing to the photo, left brings its left edge in.
  await photo.focus();
  await page.keyboard.press('ArrowUp');
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowLeft');
  await expect.poll(() => position(photo)).toBe('0% 50%');

  // Dragging the screenshot down brings its top into view; Centre puts it back; a second drag frames it again.
  const drag = async () => {
    const box = (await screenshot.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 1.5, { steps: 8 });
    await page.mouse.up();
  };
  await drag();
  await expect.poll(() => position(screenshot)).toBe('50% 0%');
  await page.getByRole('button', { name: 'Centre image 2' }).click();
  await expect.poll(() => position(screenshot)).toBe('50% 50%');
  await drag();
  await expect.poll(() => position(screenshot)).toBe('50% 0%');
  await page.screenshot({ path: '/tmp/crop-framing-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: '/tmp/crop-framing-375.png', fullPage: true });

  await page.getByRole('button', { name: 'Convert to video' }).click();
  const result = page.getByLabel('Your video');
  await expect(result).toBeVisible({ timeout: 150_000 });
  const video = join(dir, 'framed.mp4');
  writeFileSync(video, await (await page.request.get((await result.getAttribute('src'))!)).body());
  // The photo's left band and the screenshot's top band are in the frames, Ken Burns zoom and all.
  expect(isRed(pixelAt(video, 2, 0.03, 0.5))).toBe(true);
  expect(isRed(pixelAt(video, 2, 0.97, 0.5))).toBe(false);
  expect(isRed(pixelAt(video, 6.5, 0.5, 0.03))).toBe(true);
  expect(isRed(pixelAt(video, 6.5, 0.5, 0.97))).toBe(false);
});
