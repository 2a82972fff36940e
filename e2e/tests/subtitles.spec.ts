import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finalVideoTexts, subtitleTexts, workflowMessages } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { phoneShot } from './finish.ts';
import { confirmedAccount, logIn } from './helpers.ts';

/**
 * The /subtitles page on a project made through the real API (an uploaded clip and a video entry, as the Add
 * B-Rolls tile does): the style preview and the spec's no-audio text without a voiceover; with one (save-audio), the
 * preview on the project's own video at the chosen caption, sentence breaks, the words-per-screen lock and emphasis.
 * Rendering is covered by the server's API tests and the media package's frame checks.
 */
async function signedInWithProject(page: Page, prefix: string, clipSeconds = 2): Promise<string> {
  const account = await confirmedAccount(page, prefix);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };

  const dir = mkdtempSync(join(tmpdir(), 'rs-e2e-subtitles-'));
  try {
    const clip = join(dir, 'clip.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=360x640:rate=25:duration=${clipSeconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip]);
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
  // Without a logo on the dashboard there is nothing to add: the switch is off and says where a logo comes from.
  const logo = page.getByRole('switch', { name: finalVideoTexts.logoSwitch });
  await expect(logo).toBeDisabled();
  await expect(logo).not.toBeChecked();
  await expect(logo).toHaveAccessibleDescription(`${finalVideoTexts.noLogoHint} Go to the dashboard`);
  const { user } = (await (await page.request.get('/api/me')).json()) as { user: { email: string } };
  const logoFile = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'logo.png'));
  const uploaded = await page.request.post('/api/upload-logo', { multipart: { logo: { name: 'logo.png', mimeType: 'image/png', buffer: logoFile }, email: user.email } });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  await page.reload();
  // With one, the logo goes in unless the switch leaves it out (frame-checked in the API test).
  await expect(logo).toBeEnabled();
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

test('the preview shows the project’s own video at the chosen caption, with its real words and their emphasis', async ({ page }) => {
  test.setTimeout(120_000);
  const userId = await signedInWithProject(page, 'subsframe', 6);
  const videoId = ((await (await page.request.post('/api/get-latest-subtitles', { data: { user_id: userId } })).json()) as { video_id: string }).video_id;
  const audio = await page.request.post('/api/save-audio', {
    data: { user_id: userId, video_id: videoId, script: 'Perfect for commuters. Come before nine and save.', voice: 'alloy' },
  });
  expect(audio.status()).toBe(200);

  await page.goto(`/subtitles?project=${videoId}`);
  const wordsPerScreen = page.getByRole('group', { name: 'Words per screen' });
  await wordsPerScreen.getByText('5').click();
  await page.getByRole('button', { name: 'Generate Subtitles' }).click();
  // Five words fit on a screen, but a caption never runs across a sentence end.
  await expect(page.getByLabel(/^Caption 1,/)).toHaveValue('Perfect for commuters.');
  await expect(page.getByLabel(/^Caption 2,/)).toHaveValue('Come before nine and save.');
  await expect(wordsPerScreen.getByRole('radio', { name: '3' })).toBeDisabled();
  await expect(page.getByText(subtitleTexts.lockedNote)).toBeVisible();

  const frame = page.getByRole('img', { name: 'Preview of the Default subtitle style on your video' });
  const video = page.getByTestId('caption-preview-video');
  const cueStart = async (n: number) => {
    const range = (await page.getByText(/^Caption \d+, /).nth(n - 1).locator('..').textContent())!;
    const [minutes, seconds] = range.replace(/^Caption \d+, /, '').split(' – ')[0]!.split(':');
    return Number(minutes) * 60 + Number(seconds);
  };
  /** The video's time, and how many pixels of a small copy of its picture are bright: the test clip's colour bars are. */
  const shown = () =>
    video.evaluate((v: HTMLVideoElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = 36;
      canvas.height = 64;
      const context = canvas.getContext('2d')!;
      context.drawImage(v, 0, 0, 36, 64);
      const data = context.getImageData(0, 0, 36, 64).data;
      let bright = 0;
      for (let i = 0; i < data.length; i += 4) if (Math.max(data[i]!, data[i + 1]!, data[i + 2]!) > 200) bright++;
      return { time: v.currentTime, bright, paused: v.paused };
    });

  await expect(frame).toBeVisible();
  await expect(previewText(page)).toHaveText('Perfect for commuters.');
  await expect(video).toHaveAttribute('data-seeked', 'true');
  const first = await shown();
  expect(first.paused).toBe(true);
  expect(first.time).toBeCloseTo((await cueStart(1)) + 0.05, 1);
  expect(first.bright).toBeGreaterThan(200);

  await page.getByLabel(/^Caption 2,/).focus();
  await expect(previewText(page)).toHaveText('Come before nine and save.');
  await expect.poll(async () => (await shown()).time).toBeCloseTo(((await cueStart(2)) + 0.05) % 6, 1);

  // A click on a word gives it the first emphasis colour; the preview draws it, the saved SRT keeps it.
  await page.getByRole('button', { name: 'nine: emphasis none' }).click();
  await expect(page.getByRole('button', { name: 'nine: emphasis Yellow' })).toBeVisible();
  await expect(previewText(page).locator('[data-emphasis]')).toHaveCSS('color', 'rgb(255, 229, 0)');
  await expect(page.getByText(subtitleTexts.saved)).toBeVisible();
  const saved = (await (await page.request.post('/api/get-latest-subtitles', { data: { user_id: userId, video_id: videoId } })).json()) as { subtitle_srt: string };
  expect(saved.subtitle_srt).toContain('Come before <font color="#FFE500">nine</font> and save.');
  await page.screenshot({ path: '/tmp/S-subtitles-frame-1280.png', fullPage: true });
  await phoneShot(page, '/tmp/S-subtitles-frame-375.png');

  // One word too long for the frame is shrunk to stay between the caption's side margins.
  await page.getByLabel(/^Caption 2,/).fill('Supercalifragilisticexpialidocious');
  await expect(previewText(page)).toHaveText('Supercalifragilisticexpialidocious');
  await expect
    .poll(() => previewText(page).evaluate((p) => p.querySelector('[data-word]')!.getBoundingClientRect().width - p.clientWidth))
    .toBeLessThanOrEqual(1);
});

test('a user without any video is sent to start one from the dashboard', async ({ page }) => {
  const account = await confirmedAccount(page, 'subsnone');
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/subtitles');
  await expect(page.getByRole('alert')).toHaveText('Start a video from the dashboard first.');
});
