import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { autoBrollTimes, brollTexts, stepStateTexts, subtitleTexts } from '@reelsmith/contracts';
import { expect, test } from '@playwright/test';
import { phoneShot, startAddBrolls } from './finish.ts';

const fixtures = join(import.meta.dirname, '..', 'fixtures');
const said = 'Welcome to our bakery. Fresh bread every morning, and the best coffee in town.';
let dir: string;
let talking: string;
let long: string;
let quiet: string;

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

/** A phone video that talks (flite speech, 10 s, 1080x1920) and a long one (62 s) with a tone, made with ffmpeg. */
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rs-e2e-add-brolls-'));
  execFileSync('flite', ['-voice', 'slt', '-t', said, '-o', join(dir, 'speech.wav')]);
  talking = join(dir, 'talking.mp4');
  ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=1080x1920:rate=30:duration=10', '-i', join(dir, 'speech.wav'), '-filter_complex', '[1:a]apad,aresample=44100[a]', '-map', '0:v', '-map', '[a]', '-t', '10', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '32', '-pix_fmt', 'yuv420p', '-c:a', 'aac', talking);
  long = join(dir, 'long.mp4');
  ffmpeg('-f', 'lavfi', '-i', 'color=c=0x335577:size=360x640:rate=10:duration=62', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=62', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', long);
  // A sound track in which nothing is said: silence.
  quiet = join(dir, 'quiet.mp4');
  ffmpeg('-f', 'lavfi', '-i', 'color=c=0x553377:size=360x640:rate=25:duration=4', '-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=stereo', '-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', quiet);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ffprobe(path: string) {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height:format=duration', '-of', 'json', path], { encoding: 'utf8' });
  return JSON.parse(out) as { streams: { codec_type: string; codec_name: string; width?: number; height?: number }[]; format: { duration: string } };
}

test('Add B-Rolls from the tile to a downloaded video that keeps its own speech, with captions from it', async ({ page }) => {
  test.setTimeout(600_000);
  const project = await startAddBrolls(page, 'addbrolls');

  await page.getByLabel('Upload a video').setInputFiles(talking);
  await expect(page.getByLabel('Your video')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/talking\.mp4 · /)).toBeVisible();
  await page.getByLabel('Image 1').setInputFiles(join(fixtures, 'logo.png'));
  await page.getByLabel('Start (s) 1').fill('1');
  await page.getByLabel('End (s) 1').fill('3');
  await page.getByRole('button', { name: 'Add B-Rolls' }).click();
  await expect(page.getByLabel('Preview with overlays')).toBeVisible({ timeout: 180_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/background-music\\?project=${project}`));

  const track = page.getByRole('radio').nth(1);
  await expect(track).toBeVisible({ timeout: 150_000 });
  await track.check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/subtitles\\?project=${project}`));

  // No voiceover was made: the captions come from the words heard in the user's own video.
  await page.getByRole('button', { name: 'Generate Subtitles' }).click();
  const captions = page.getByRole('region', { name: 'Captions' }).getByRole('textbox');
  await expect(captions.first()).toBeVisible({ timeout: 120_000 });
  const heard = (await captions.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value).join(' '))).toLowerCase();
  expect(['welcome', 'bakery', 'bread', 'morning', 'coffee', 'town'].filter((w) => heard.includes(w)).length).toBeGreaterThanOrEqual(2);
  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({ path: '/tmp/F-subtitles-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Final Video' }).click();
  await expect(page.getByRole('heading', { name: 'Your video is ready' })).toBeVisible({ timeout: 300_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download' }).click()]);
  const file = join(dir, 'final.mp4');
  await download.saveAs(file);
  const info = ffprobe(file);
  expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 1080, height: 1920 });
  expect(info.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
  expect(Math.abs(Number(info.format.duration) - 10)).toBeLessThanOrEqual(0.5);
  // The music track is tonal and low; what is left above 1.5 kHz while she talks is her voice.
  const speech = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-t', '5', '-i', file, '-map', '0:a', '-af', 'highpass=f=1500,highpass=f=1500,highpass=f=1500,volumedetect', '-f', 'null', '-'], { encoding: 'utf8' });
  expect(Number(/mean_volume: (-?[\d.]+) dB/.exec(speech.stderr)?.[1])).toBeGreaterThan(-45);

  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Your videos' }).locator('video')).toHaveCount(1);
  await expect(page.getByText(/^Videos Used: \(1 \/ \d+\)$/)).toBeVisible();
});

test('a video longer than 59 s is trimmed, and /BRolls says so', async ({ page }) => {
  test.setTimeout(180_000);
  await startAddBrolls(page, 'addbrollslong');
  await page.getByLabel('Upload a video').setInputFiles(long);
  await expect(page.getByText(brollTexts.longVideo(62))).toBeVisible({ timeout: 60_000 });
  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({ path: '/tmp/F-brolls-long-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/F-brolls-long-1280.png', fullPage: true });

  await page.getByRole('button', { name: 'Use another video' }).click();
  await expect(page.getByText(brollTexts.longVideo(62))).toHaveCount(0);
});

test('with no script, Auto B-roll matches pictures to what the video says; a silent video gets captions written by hand', async ({ page }) => {
  test.setTimeout(480_000);
  const project = await startAddBrolls(page, 'addbrollsauto');
  // The flow has no Script or Audio page: the bar says so, never that they are done.
  const steps = page.getByRole('list', { name: 'Progress' }).getByRole('listitem');
  const skippedSteps = [`Generate Script${stepStateTexts.skipped}`, `Generate Audio${stepStateTexts.skipped}`];
  await expect(steps.nth(0)).toHaveText(skippedSteps[0]!);
  await expect(steps.nth(1)).toHaveText(skippedSteps[1]!);

  await page.getByLabel('Upload a video').setInputFiles(talking);
  await expect(page.getByLabel('Your video')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: brollTexts.autoBeta }).click();
  // The bakery words heard in the video find the library's coffee and gold stills, at the SPEC's times.
  for (const [i, time] of autoBrollTimes(10).entries()) {
    await expect(page.getByLabel(`Start (s) ${i + 1}`)).toHaveValue(String(time.start), { timeout: i === 0 ? 120_000 : 5_000 });
    await expect(page.getByLabel(`End (s) ${i + 1}`)).toHaveValue(String(time.end));
    await expect(page.getByRole('img', { name: `Overlay ${i + 1}` })).toBeVisible();
  }
  await expect(page.getByText(brollTexts.needsScript)).toHaveCount(0);

  // A video in which nothing is said: Auto B-roll says so, and the page goes on working.
  await page.getByRole('button', { name: 'Use another video' }).click();
  await page.getByLabel('Upload a video').setInputFiles(quiet);
  await expect(page.getByText(/quiet\.mp4 · /)).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: brollTexts.autoBeta }).click();
  await expect(page.getByRole('alert').filter({ hasText: brollTexts.noSpeechHeard })).toBeVisible({ timeout: 60_000 });
  await phoneShot(page, '/tmp/F-brolls-nothing-heard-375.png');
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(new RegExp(`/background-music\\?project=${project}`));
  await expect(steps.nth(0)).toHaveText(skippedSteps[0]!);
  await expect(steps.nth(1)).toHaveText(skippedSteps[1]!);
  const track = page.getByRole('radio').nth(1);
  await expect(track).toBeVisible({ timeout: 150_000 });
  await track.check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/subtitles\\?project=${project}`));

  await page.getByRole('button', { name: 'Generate Subtitles' }).click();
  await expect(page.getByRole('alert').filter({ hasText: subtitleTexts.noSpeech })).toBeVisible({ timeout: 60_000 });
  await phoneShot(page, '/tmp/F-subtitles-nothing-heard-375.png');
  await page.getByRole('button', { name: subtitleTexts.writeButton }).click();
  await expect(page.getByText(subtitleTexts.writtenEmpty)).toBeVisible();
  await page.getByLabel(subtitleTexts.writtenLabel).fill('Open every day. Come and say hello!');
  await page.getByRole('button', { name: subtitleTexts.writeButton }).click();
  const captions = page.getByRole('region', { name: 'Captions' }).getByRole('textbox');
  await expect(captions).toHaveCount(3, { timeout: 30_000 });
  expect(await captions.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(['Open every day.', 'Come and say', 'hello!']);
  await phoneShot(page, '/tmp/F-subtitles-written-375.png');

  await page.getByRole('button', { name: 'Final Video' }).click();
  await expect(page.getByRole('heading', { name: 'Your video is ready' })).toBeVisible({ timeout: 300_000 });
});
