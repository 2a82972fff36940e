import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aiVideoMessages, generatedVideoTexts, saveAudioResponse, storyboardTexts, generateScriptResponse, workflowMessages } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { confirmedAccount, logIn } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'rs-storyboard-e2e-'));
const colours = ['red', 'lime', 'blue', 'yellow', 'magenta', 'cyan'];
const videos = colours.map((colour) => {
  const path = join(dir, `${colour}.mp4`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=${colour}:s=360x640:r=25:d=1`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path]);
  return path;
});
const big = join(dir, 'big.mp4');
writeFileSync(big, Buffer.alloc(9 * 1024 * 1024, 1));
const notes = join(dir, 'notes.txt');
writeFileSync(notes, 'not an image\n');
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A project as the script and audio steps leave it, made through the API from the signed-in page. */
async function seedProject(page: Page): Promise<{ projectId: string; duration: number }> {
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  const userId = me.user.id;
  const script = generateScriptResponse.parse(
    await (await page.request.post('/api/generate-script', { data: { user_id: userId, prompt: 'Fresh bread every morning at a small neighbourhood bakery' } })).json(),
  );
  const audio = await page.request.post('/api/save-audio', { data: { user_id: userId, video_id: script.video_id, script: script.script, voice: 'alloy' } });
  expect(audio.status()).toBe(200);
  return { projectId: script.video_id, duration: saveAudioResponse.parse(await audio.json()).duration };
}

test('six scenes from the script, edits saved on blur, checked uploads, Create Video, preview, then /BRolls', async ({ page }) => {
  test.setTimeout(300_000);
  const account = await confirmedAccount(page, 'storyboard');
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const { projectId, duration } = await seedProject(page);

  await page.goto(`/smart-storyboard?project=${projectId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Smart Storyboard' })).toBeVisible();
  for (let n = 1; n <= 6; n++) await expect(page.getByLabel(`Scene ${n}`, { exact: true })).not.toBeEmpty({ timeout: 60_000 });
  await expect(page.getByRole('status').filter({ hasText: workflowMessages.generatingStoryboard })).toBeHidden();

  const edited = 'A baker slides fresh loaves onto the counter.';
  const scene2 = page.getByLabel('Scene 2', { exact: true });
  await scene2.fill(edited);
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/update-scene'));
  await scene2.blur();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByLabel('Scene 2', { exact: true })).toHaveValue(edited, { timeout: 30_000 });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel('Video for scene 1').setInputFiles(big);
  await expect(page.getByRole('alert').filter({ hasText: storyboardTexts.fileTooLarge })).toBeVisible();
  await page.getByLabel('Image for scene 1').setInputFiles(notes);
  await expect(page.getByRole('alert').filter({ hasText: storyboardTexts.invalidImage })).toBeVisible();
  await page.getByLabel('Image for scene 1').setInputFiles(join(import.meta.dirname, '..', 'fixtures', 'logo.png'));
  await expect(page.getByRole('img', { name: 'Scene 1 image' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: storyboardTexts.invalidImage })).toBeHidden();

  for (const n of [1, 2, 3, 4, 6]) await page.getByLabel(`Video for scene ${n}`).setInputFiles(videos[n - 1]!);
  await expect(page.getByLabel('Scene 1 video')).toBeVisible();
  await page.getByRole('button', { name: 'Create Video' }).click();
  const missing = page.getByRole('alert').filter({ hasText: storyboardTexts.missingVideo(5) });
  await expect(missing).toBeVisible();
  await page.getByLabel('Video for scene 5').setInputFiles(videos[4]!);
  await expect(missing).toBeHidden();

  // The picked files are stored as the user's uploads and kept with the project: a reload shows them again.
  const userId = ((await (await page.request.get('/api/me')).json()) as { user: { id: string } }).user.id;
  const keptVideos = async () => {
    const body = await (await page.request.post('/api/generate-and-store-scenes', { form: { user_id: userId, video_id: projectId } })).json();
    return (body.scene_media as { video: unknown }[]).filter((scene) => scene.video).length;
  };
  await expect.poll(keptVideos, { timeout: 60_000 }).toBe(6);
  await page.reload();
  await expect(page.getByRole('img', { name: 'Scene 1 image' })).toBeVisible({ timeout: 30_000 });
  for (let n = 1; n <= 6; n++) await expect(page.getByLabel(`Scene ${n} video`)).toBeVisible();

  // Create AI Video is its own flow (ai-video.spec.ts); here the page only says which generator would make it.
  await expect(page.getByText(aiVideoMessages.offline)).toBeVisible();

  await page.getByRole('button', { name: 'Search Stock Images/Videos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search Stock Images/Videos' });
  await expect(dialog.getByRole('tab', { name: 'Images' })).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Videos' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.screenshot({ path: '/tmp/C-storyboard-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: '/tmp/C-storyboard-375.png', fullPage: true });

  await page.getByRole('button', { name: 'Create Video' }).click();
  await expect(page.getByRole('status').filter({ hasText: workflowMessages.generatingVideo })).toBeVisible();
  const result = page.getByLabel('Storyboard video', { exact: true });
  await expect(result).toBeVisible({ timeout: 150_000 });
  const played = await result.evaluate(async (element) => {
    const video = element as HTMLVideoElement;
    video.muted = true;
    if (video.readyState < 1) await new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true }));
    await video.play();
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { duration: video.duration, time: video.currentTime };
  });
  expect(Math.abs(played.duration - duration)).toBeLessThan(0.5);
  expect(played.time).toBeGreaterThan(0);
  await page.screenshot({ path: '/tmp/C-result-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/C-result-1280.png', fullPage: true });
  // Restart says what it does: the scenes come back as they are (they are stored), and the next Create Video replaces this one.
  await expect(page.getByRole('button', { name: 'Restart' })).toHaveAccessibleDescription(
    generatedVideoTexts.restartKeepsHint('the scenes, with their images and videos', 'Create Video'),
  );

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/BRolls\\?project=${projectId}$`));
});
