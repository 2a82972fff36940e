import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { estimateScriptSeconds, generateScriptResponse, scriptTexts, uploadResponse, workflowMessages } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { confirmedAccount, logIn } from './helpers.ts';

async function signedIn(page: Page, prefix: string) {
  const account = await confirmedAccount(page, prefix);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

const scriptField = (page: Page) => page.getByLabel('Script', { exact: true });
const generateButton = (page: Page) => page.getByRole('button', { name: 'Generate Script' });

/** The estimate the page must show for what the Script field holds (SPEC §9: words / 2.25, rounded). */
async function expectEstimateFor(page: Page) {
  const script = await scriptField(page).inputValue();
  await expect(page.getByText(scriptTexts.duration(estimateScriptSeconds(script)), { exact: true })).toBeVisible();
  return script;
}

test('Custom Storyboard: refuse an empty prompt, generate, edit with auto-save, keep it over a reload, go on to /audio', async ({ page }) => {
  await signedIn(page, 'script');
  await page.getByRole('button', { name: 'Create Video' }).click();
  await page.getByRole('dialog').getByRole('link', { name: /Custom Storyboard/ }).click();
  await expect(page).toHaveURL(/\/script$/);
  await expect(page.getByRole('list', { name: 'Progress' }).getByRole('listitem').filter({ hasText: 'Generate Script' })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  let generateCalls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/generate-script')) generateCalls += 1;
  });
  await generateButton(page).click();
  await expect(page.getByText(scriptTexts.promptRequired)).toBeVisible();
  await expect(page.getByLabel('Prompt')).toBeFocused();
  expect(generateCalls).toBe(0);

  await page.getByLabel('Prompt').fill('A weekend sale at Bloom & Brew café: 30% off cold brew for office workers.');
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/generate-script'));
  await generateButton(page).click();
  const { video_id } = generateScriptResponse.parse(await (await answered).json());
  await expect(scriptField(page)).toBeVisible();
  await expect(generateButton(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/script\\?project=${video_id}$`));
  const written = await expectEstimateFor(page);
  expect(written.length).toBeGreaterThan(20);

  const edited = 'Cold brew, thirty percent off.\n\nThis weekend only at Bloom & Brew. Bring your whole team!';
  await scriptField(page).fill(edited);
  await expect(page.getByText(scriptTexts.saved, { exact: true })).toBeVisible();
  await expectEstimateFor(page);

  await page.reload();
  await expect(scriptField(page)).toHaveValue(edited);
  await expect(generateButton(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/audio\\?project=${video_id}$`));
});

test('Use this idea lands on /script with the prompt filled in, and generating writes into that project', async ({ page }) => {
  const { email } = await signedIn(page, 'scriptidea');
  const form = { user_email: email, business_name: 'Bloom & Brew', business_type: 'Café', goal: 'Drive Sales', tone: 'Relatable', offerings: 'cold brew', target_audience: 'Parents' };
  expect((await page.request.post('/api/generate-ideas', { form })).status()).toBe(200);
  await page.goto('/generate-ideas');
  await page.getByRole('region', { name: 'Earlier ideas' }).getByRole('button', { name: 'Use this idea' }).first().click();
  await expect(page).toHaveURL(/\/script\?project=.+&prompt=/);
  const projectId = new URL(page.url()).searchParams.get('project')!;
  const prompt = new URL(page.url()).searchParams.get('prompt')!;
  await expect(page.getByLabel('Prompt')).toHaveValue(prompt);

  const answered = page.waitForResponse((response) => response.url().endsWith('/api/generate-script'));
  await generateButton(page).click();
  expect(generateScriptResponse.parse(await (await answered).json()).video_id).toBe(projectId);
  await expect(scriptField(page)).not.toHaveValue('');
  await expectEstimateFor(page);
  await expect(page).toHaveURL(new RegExp(`/script\\?project=${projectId}$`));
});

test('/script-types shows the project video and writes a script that fits it; a failure reads Error generating script', async ({ page }) => {
  const { email } = await signedIn(page, 'scripttypes');
  const dir = mkdtempSync(join(tmpdir(), 'rs-e2e-script-'));
  const clip = join(dir, 'clip.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=25:duration=8', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=8', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', clip]);
  const uploaded = uploadResponse.parse(
    await (await page.request.post('/api/uploads/main-video', { multipart: { file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: readFileSync(clip) } } })).json(),
  );
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string; email: string } };
  expect(me.user.email).toBe(email);
  const entry = await page.request.post('/api/create-video-entry', { data: { user_id: me.user.id, user_video_url: uploaded.url, video_type: 'scroll-stopper' } });
  const { video_id } = (await entry.json()) as { video_id: string };

  await page.goto('/script-types');
  await expect(page).toHaveURL(new RegExp(`/script-types\\?project=${video_id}$`));
  await expect(page.getByRole('list', { name: 'Progress' }).getByRole('listitem').filter({ hasText: 'Generate Script' })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('list', { name: 'Progress' }).getByRole('listitem').first()).toHaveText(/Video/);
  const video = page.getByLabel(scriptTexts.videoLabel, { exact: true });
  await expect(video).toHaveAttribute('src', /\/files\/users\//);
  await expect(page.getByText(`${scriptTexts.videoLabel} · 8 sec`)).toBeVisible();

  await page.route('**/api/generate-script-types', (route) => route.fulfill({ status: 502, json: { error: 'down' } }), { times: 1 });
  await generateButton(page).click();
  await expect(page.getByRole('alert')).toHaveText(workflowMessages.scriptError);

  await page.getByLabel(scriptTexts.directionLabel).fill('Half price cold brew this weekend');
  await generateButton(page).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  const script = await expectEstimateFor(page);
  expect(estimateScriptSeconds(script)).toBeLessThanOrEqual(8);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/audio-types\\?project=${video_id}$`));
});
