import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finalVideoTexts, subtitleTexts, workflowMessages } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { confirmedAccount, logIn } from './helpers.ts';

/**
 * The /subtitles page on a project made through the real API (an uploaded clip and a video entry, as the Add
 * B-Rolls tile does). No API can give a project a voiceover yet (the audio step is being built), so this covers what
 * the page can do without one: the style preview, the locked-words note's absence, and the spec's no-audio text.
 * Generating, editing and rendering with a voiceover are covered by the server's API tests.
 */
async function signedInWithProject(page: Page, prefix: string): Promise<string> {
  const account = await confirmedAccount(page, prefix);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };

  const dir = mkdtempSync(join(tmpdir(), 'rs-e2e-subtitles-'));
  try {
    const clip = join(dir, 'clip.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=25:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip]);
    const upload = await page.request.post('/api/uploads/main-video', {
      multipart: { file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: readFileSync(clip) } },
    });
    expect(upload.status()).toBe(201);
    const entry = await page.request.post('/api/create-video-entry', {
      data: { user_id: me.user.id, user_video_url: ((await upload.json()) as { url: string }).url, video_type: 'add-brolls' },
    });
    expect(entry.status()).toBe(200);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return me.user.id;
}

const previewText = (page: Page) => page.getByTestId('caption-preview-text');

test('the style preview follows the chosen style, and a project without audio gets the spec’s texts', async ({ page }) => {
  await signedInWithProject(page, 'subs');
  await page.goto('/subtitles');
  await expect(page.getByRole('heading', { level: 1, name: 'Subtitles' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Progress' }).getByText('Final Video')).toBeVisible();

  const styles = page.getByRole('group', { name: 'Style' }).getByRole('radio');
  await expect(styles).toHaveCount(9);
  await expect(page.getByRole('radio', { name: 'Default' })).toBeChecked();
  await expect(page.getByRole('img', { name: 'Preview of the Default subtitle style' })).toBeVisible();
  await expect(previewText(page)).toHaveCSS('font-family', /Roboto/);

  await page.getByText('Hormozi', { exact: true }).click();
  await expect(page.getByRole('img', { name: 'Preview of the Hormozi subtitle style' })).toBeVisible();
  await expect(previewText(page)).toHaveCSS('font-family', /Inter Black/);
  await expect(previewText(page)).toHaveCSS('text-transform', 'uppercase');
  // The animated style colours the word being spoken, and that word moves on like a voice.
  const spoken = previewText(page).locator('[data-spoken]');
  await expect(spoken).toHaveCSS('color', 'rgb(50, 255, 106)');
  const first = await spoken.textContent();
  await expect.poll(() => spoken.textContent(), { timeout: 3000 }).not.toBe(first);

  // Another size asks the server for the style's layout; the caption takes its size from the answer.
  const larger = page.waitForResponse((r) => r.url().endsWith('/api/subtitle-preview-style') && r.request().postDataJSON().font_size === 'large');
  await page.getByRole('group', { name: 'Font size' }).getByText('Large').click();
  const preview = (await (await larger).json()) as { style_string: string; font_size: number };
  expect(preview.style_string).toContain('FontName=Inter Black');
  const frameWidth = await page.getByRole('img', { name: 'Preview of the Hormozi subtitle style' }).evaluate((el) => el.getBoundingClientRect().width);
  await expect
    .poll(() => previewText(page).evaluate((el) => parseFloat(getComputedStyle(el).fontSize)))
    .toBeCloseTo((preview.font_size * frameWidth) / 1080, 0);

  await page.getByRole('group', { name: 'Words per screen' }).getByText('5').click();
  await expect.poll(async () => (await previewText(page).textContent())!.trim().split(/\s+/).length).toBeGreaterThanOrEqual(4);
  await expect(page.getByText(subtitleTexts.lockedNote)).toHaveCount(0);

  await page.getByRole('button', { name: 'Generate Subtitles' }).click();
  await expect(page.getByRole('alert')).toHaveText(workflowMessages.noAudio);

  // Before the click the page says what the render costs: the project's first final video uses a credit.
  await expect(page.getByRole('button', { name: 'Final Video' })).toHaveAccessibleDescription(/^This render uses 1 video credit \(\d+ credits? left\)\.$/);
  // The dashboard logo goes in unless the final step's switch leaves it out (frame-checked in the API test).
  const logo = page.getByRole('switch', { name: finalVideoTexts.logoSwitch });
  await expect(logo).toBeChecked();
  await expect(logo).toHaveAccessibleDescription(finalVideoTexts.logoHint);
  await logo.uncheck();
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/final-video'));
  await page.getByRole('button', { name: 'Final Video' }).click();
  expect((await sent).postData()).toMatch(/name="logo_enabled"\r\n\r\nNo\r\n/);
  await expect(page.getByRole('alert').filter({ hasText: subtitleTexts.noBackground })).toBeVisible();
});

test('the preview rests on one word for people who ask for reduced motion', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signedInWithProject(page, 'subsmotion');
  await page.goto('/subtitles');
  await page.getByText('Mr Beast', { exact: true }).click();
  const spoken = previewText(page).locator('[data-spoken]');
  await expect(spoken).toHaveCSS('color', 'rgb(255, 229, 0)');
  const word = await spoken.textContent();
  await page.waitForTimeout(1500);
  await expect(spoken).toHaveText(word!);
  await context.close();
});

test('a user without any video is sent to start one from the dashboard', async ({ page }) => {
  const account = await confirmedAccount(page, 'subsnone');
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/subtitles');
  await expect(page.getByRole('alert')).toHaveText('Start a video from the dashboard first.');
});
