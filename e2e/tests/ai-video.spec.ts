import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aiVideoMaxPolls, aiVideoMessages, audioTexts, generatedVideoTexts, generateScriptResponse, saveAudioResponse, storyboardAiVideoTexts as texts, workflowMessages } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { chooseFirstTrack, ffprobe } from './finish.ts';
import { confirmedAccount, logIn, signedInOnDashboard } from './helpers.ts';

/**
 * Issue 14 §2: Smart Storyboard's Create AI Video with the offline generator, from the Custom Storyboard tile to a
 * downloaded final MP4; its messages through Playwright route interception rather than a render each.
 */

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
let dir: string;
/** Scene 1's still: magenta with a yellow block in the middle, so it is known in a frame and a camera move shows. */
let hero: string;
let others: string[];
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rs-e2e-ai-video-'));
  hero = join(dir, 'hero.png');
  ffmpeg('-f', 'lavfi', '-i', 'color=c=0xD020C0:s=720x1280,drawbox=x=180:y=400:w=360:h=480:c=0xF0E020:t=fill,drawgrid=w=90:h=90:t=4:c=black@0.6', '-frames:v', '1', hero);
  others = ['0x3060A0', '0x2E7D4F', '0x7A4A20', '0x504080', '0x206070'].map((colour, i) => {
    const path = join(dir, `scene-${i + 2}.png`);
    ffmpeg('-f', 'lavfi', '-i', `color=c=${colour}:s=540x960,drawbox=x=100:y=200:w=340:h=560:c=white@0.3:t=fill`, '-frames:v', '1', path);
    return path;
  });
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** About 8 s as the local voices speak it: six scenes of a second or two, short enough for a busy machine. */
const script = 'Fresh sourdough every morning at our little bakery. Grab a warm loaf and a coffee on your way to work. Visit us today.';

/** Small RGB frames of a video at `seconds`: the centre pixel, and how far two moments differ. */
const frame = (video: string, seconds: number) =>
  execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-vf', 'scale=108:192', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
const centre = (rgb: Buffer) => [...rgb.subarray((96 * 108 + 54) * 3, (96 * 108 + 54) * 3 + 3)];
const difference = (a: Buffer, b: Buffer) => a.reduce((sum, value, i) => sum + Math.abs(value - b[i]!), 0) / a.length;
/**
 * The hero still's colours, by hue rather than level (the renderer's light sweep and vignette change how bright they
 * are): its magenta ground or its yellow block, whichever the camera move puts in the middle.
 */
const isHero = ([r, g, b]: number[]) => (r! > g! + 60 && b! > g! + 50) || (r! > b! + 90 && g! > b! + 90);

async function download(page: Page, url: string, name: string): Promise<string> {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  const path = join(dir, name);
  writeFileSync(path, await response.body());
  return path;
}

test('Create AI Video: an uploaded image animated per scene, left and found again, then the shared tail to a final MP4', async ({ page }) => {
  test.setTimeout(600_000);
  await signedInOnDashboard(page, 'aivideo');
  await page.getByRole('button', { name: 'Create Video' }).click();
  await page.getByRole('dialog').getByRole('link', { name: /Custom Storyboard/ }).click();
  await expect(page).toHaveURL(/\/script$/);
  await page.getByLabel('Prompt').fill('Fresh sourdough every morning at a small neighbourhood bakery');
  await page.getByRole('button', { name: 'Generate Script' }).click();
  const scriptField = page.getByLabel('Script', { exact: true });
  await expect(scriptField).toBeVisible({ timeout: 60_000 });
  await scriptField.fill(script);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/audio\?project=/);
  const project = new URL(page.url()).searchParams.get('project')!;
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/save-audio'), { timeout: 90_000 });
  await page.getByRole('button', { name: audioTexts.generate }).click();
  const voiceover = saveAudioResponse.parse(await (await saved).json());
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/smart-storyboard\\?project=${project}$`));

  for (let n = 1; n <= 6; n++) await expect(page.getByLabel(`Scene ${n}`, { exact: true })).not.toBeEmpty({ timeout: 60_000 });
  await expect(page.getByText(aiVideoMessages.offline)).toBeVisible();
  await page.getByLabel('Image for scene 1').setInputFiles(hero);
  for (const [i, still] of others.slice(0, 4).entries()) await page.getByLabel(`Image for scene ${i + 2}`).setInputFiles(still);
  await expect(page.getByRole('img', { name: 'Scene 5 image' })).toBeVisible();
  // The last scene has no image and words no stock picture matches: it gets a title card of its words, no error.
  await page.getByLabel('Scene 6', { exact: true }).fill('Voiceover: "Zebras welcome, quokkas too."');

  const clicked = Date.now();
  const started = page.waitForResponse((r) => r.url().endsWith('/api/generate-ai-video') && r.request().method() === 'POST', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Create AI Video' }).click();
  const busy = page.getByRole('status').filter({ hasText: workflowMessages.generatingVideo });
  await expect(busy).toContainText(workflowMessages.doNotRefresh);
  // The images are still uploading while the page is busy: leaving before the server has the start would cancel it.
  expect((await started).status()).toBe(200);
  // Leaving during the generation and coming back finds it still running, then its result.
  await page.goto('/dashboard');
  await page.goto(`/smart-storyboard?project=${project}`);
  const result = page.getByLabel('AI video', { exact: true });
  await expect(result.or(busy)).toBeVisible({ timeout: 60_000 });
  // On a busy machine six scenes may outlast the page's 24 polls: trying again follows the same generation.
  const tooSlow = page.getByRole('alert').filter({ hasText: texts.tooSlow });
  for (let tries = 0; tries < 4; tries++) {
    await expect(result.or(tooSlow)).toBeVisible({ timeout: 240_000 });
    if (await result.isVisible()) break;
    await page.getByRole('button', { name: 'Create AI Video' }).click();
    await expect(tooSlow).toBeHidden();
  }
  const generateToResult = (Date.now() - clicked) / 1000;
  test.info().annotations.push({ type: 'generate-to-result-seconds', description: generateToResult.toFixed(1) });
  console.log(`AI video: Generate to result ${generateToResult.toFixed(1)} s`);
  await page.screenshot({ path: '/tmp/AI-result-1280.png', fullPage: true });

  const preview = await download(page, (await result.getAttribute('src'))!, 'ai-video.mp4');
  const previewInfo = ffprobe(preview);
  expect(previewInfo.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 1080, height: 1920 });
  const voiceSeconds = Number(ffprobe(await download(page, voiceover.audio_url, 'voiceover')).format.duration);
  expect(Math.abs(Number(previewInfo.format.duration) - voiceSeconds)).toBeLessThan(0.5);
  const [early, later] = [frame(preview, 0.1), frame(preview, 1)];
  expect(isHero(centre(early)), `centre at 0.1 s: ${centre(early)}`).toBe(true);
  expect(isHero(centre(later)), `centre at 1 s: ${centre(later)}`).toBe(true);
  expect(difference(early, later), 'the still moves').toBeGreaterThan(1);
  // The last scene is its title card: white words in the upper part of the frame.
  const card = frame(preview, voiceSeconds - 0.3);
  let white = 0;
  for (let i = 0; i < 86 * 108 * 3; i += 3) if (card[i]! > 220 && card[i + 1]! > 220 && card[i + 2]! > 220) white += 1;
  expect(white, 'white words on the title card').toBeGreaterThan(40);
  await expect(page.getByRole('button', { name: 'Restart' })).toHaveAccessibleDescription(
    generatedVideoTexts.restartKeepsHint('the scenes, with their images and videos', 'Create AI Video'),
  );

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/BRolls\\?project=${project}$`));
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(new RegExp(`/background-music\\?project=${project}$`));
  await chooseFirstTrack(page, project);
  await page.getByRole('button', { name: 'Generate Subtitles' }).click();
  await expect(page.getByRole('region', { name: 'Captions' }).getByRole('textbox').first()).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Final Video' }).click();
  await expect(page.getByRole('heading', { name: 'Your video is ready' })).toBeVisible({ timeout: 300_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download' }).click()]);
  const final = join(dir, 'final.mp4');
  await file.saveAs(final);
  const info = ffprobe(final);
  expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 1080, height: 1920 });
  expect(info.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
  expect(Math.abs(Number(info.format.duration) - voiceSeconds)).toBeLessThanOrEqual(0.5);
  // The offline clips are motion templates: no AI credit however often the page asked; one video credit for the final video.
  await page.goto('/dashboard');
  await expect(page.getByText(/^AI Videos Used: \(0 \/ \d+\)$/)).toBeVisible();
  await expect(page.getByText(/^Videos Used: \(1 \/ \d+\)$/)).toBeVisible();
});

/** A project as the script and audio steps leave it, made through the API; the page then opens its storyboard. */
async function openStoryboard(page: Page, prefix: string): Promise<string> {
  const account = await confirmedAccount(page, prefix);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  const made = generateScriptResponse.parse(await (await page.request.post('/api/generate-script', { data: { user_id: me.user.id, prompt: 'Fresh bread at a bakery' } })).json());
  expect((await page.request.post('/api/save-audio', { data: { user_id: me.user.id, video_id: made.video_id, script: made.script, voice: 'alloy' } })).status()).toBe(200);
  await page.goto(`/smart-storyboard?project=${made.video_id}`);
  for (let n = 1; n <= 6; n++) await expect(page.getByLabel(`Scene ${n}`, { exact: true })).not.toBeEmpty({ timeout: 60_000 });
  return made.video_id;
}

const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test('Create AI Video messages: a start that fails, one that gets no answer, a failed generation, and the timeout', async ({ page }) => {
  test.setTimeout(180_000);
  await page.clock.install();
  const project = await openStoryboard(page, 'aivideomsg');
  const create = page.getByRole('button', { name: 'Create AI Video' });

  await page.route('**/api/generate-ai-video', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await create.click();
  await expect(alert(page, texts.startFailed)).toBeVisible();

  await page.unroute('**/api/generate-ai-video');
  await page.route('**/api/generate-ai-video', (route) => route.abort('connectionrefused'));
  await create.click();
  await expect(alert(page, texts.startError)).toBeVisible();
  await expect(alert(page, texts.startFailed)).toBeHidden();

  await page.unroute('**/api/generate-ai-video');
  await page.route('**/api/generate-ai-video', (route) => route.fulfill(json({ status: 'processing', video_id: project, reconnected: false })));
  await page.route('**/api/check-video-status', (route) => route.fulfill(json({ status: 'error', user_video_url: null, error: null })));
  await create.click();
  await expect(alert(page, texts.failed)).toBeVisible();

  // 24 answers without a URL, 5 s apart on the page's clock: the wait ends with the timeout's text.
  await page.unroute('**/api/check-video-status');
  let polls = 0;
  await page.route('**/api/check-video-status', (route) => {
    polls += 1;
    return route.fulfill(json({ status: 'processing', user_video_url: null, error: null, percent: 40 }));
  });
  await create.click();
  const busy = page.getByRole('status').filter({ hasText: texts.busy });
  await expect(busy).toContainText(workflowMessages.doNotRefresh);
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  for (let i = 0; i < aiVideoMaxPolls && polls < aiVideoMaxPolls; i++) {
    const before = polls;
    await page.clock.runFor(5000);
    await expect.poll(() => polls).toBeGreaterThan(before);
  }
  await expect(alert(page, texts.tooSlow)).toBeVisible();
  await expect(busy).toBeHidden();
  expect(polls).toBe(aiVideoMaxPolls);
});
