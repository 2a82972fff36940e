import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { audioTexts, estimateScriptSeconds, maxVideoSeconds, saveAudioResponse, scriptTexts, workflowMessages } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { signedInOnDashboard } from './helpers.ts';

/**
 * The common part of the flows that start from the user's own media: signing in and taking a tile of the dashboard's
 * Create Video dialog, the script fitted to the project's video on /script-types, and the tail from /audio-types to
 * the downloaded final video, which is then measured with ffprobe.
 */

export async function openFromTile(page: Page, prefix: string, tile: RegExp, path: RegExp): Promise<void> {
  await signedInOnDashboard(page, prefix);
  await page.getByRole('button', { name: 'Create Video' }).click();
  await page.getByRole('dialog').getByRole('link', { name: tile }).click();
  await expect(page).toHaveURL(path);
}

/** The 'Add B-Rolls' tile is a button: it makes the video entry, then opens /BRolls on it. Returns the project id. */
export async function startAddBrolls(page: Page, prefix: string): Promise<string> {
  await signedInOnDashboard(page, prefix);
  await page.getByRole('button', { name: 'Create Video' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /Add B-Rolls/ }).click();
  await expect(page).toHaveURL(/\/BRolls\?project=/);
  return new URL(page.url()).searchParams.get('project')!;
}

/** A full-page PNG at phone width, then back to the desktop size the tests run at. */
export async function phoneShot(page: Page, path: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

export function ffprobe(path: string) {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height:format=duration', '-of', 'json', path], { encoding: 'utf8' });
  return JSON.parse(out) as { streams: { codec_type: string; codec_name: string; width?: number; height?: number }[]; format: { duration: string } };
}

/** The RGB of a 2x2 patch at (x, y), as fractions of the frame, `seconds` into the video. */
export function pixelAt(video: string, seconds: number, x: number, y: number): number[] {
  const crop = `crop=2:2:iw*${x}:ih*${y},scale=1:1`;
  const out = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-vf', crop, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
  return [out[0]!, out[1]!, out[2]!];
}

/** /script-types shows the project's video and its length, and writes a script whose estimate fits it; Next goes on. */
export async function writeFittingScript(page: Page, project: string, videoSeconds: number): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/script-types\\?project=${project}$`));
  await expect(page.getByLabel(scriptTexts.videoLabel, { exact: true })).toBeVisible();
  await expect(page.getByText(`${scriptTexts.videoLabel} · ${videoSeconds} sec`)).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Generate Script' }).click();
  const field = page.getByLabel('Script', { exact: true });
  await expect(field).toBeVisible({ timeout: 60_000 });
  const script = await field.inputValue();
  expect(script.trim().length).toBeGreaterThan(10);
  await expect(page.getByText(scriptTexts.duration(estimateScriptSeconds(script)), { exact: true })).toBeVisible();
  expect(estimateScriptSeconds(script)).toBeLessThanOrEqual(videoSeconds);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/audio-types\\?project=${project}$`));
}

export interface FinishedVideo {
  /** The downloaded final MP4. */
  file: string;
  /** What ffprobe measures of the voiceover file the server made: the final video's length (SPEC §4). */
  voiceoverSeconds: number;
}

/**
 * /audio-types (voiceover, then combined with the project's video while the page polls) → /background-music (a
 * library track) → /subtitles (generated, then Final Video) → 'Your video is ready' → Download. The final video must
 * be a 1080x1920 H.264 with an AAC track as long as the voiceover, or as the user's own images or clips
 * (`ownVideoSeconds`) when they run longer; the dashboard then lists it and counts a credit.
 */
/** On /background-music: the first library track (the first choice is 'No Background Music'), then Next. */
export async function chooseFirstTrack(page: Page, project: string): Promise<void> {
  // A server without a baked library makes its tracks in the background.
  const track = page.getByRole('radio').nth(1);
  await expect(track).toBeVisible({ timeout: 150_000 });
  await track.check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/subtitles\\?project=${project}$`));
}

/**
 * `ownVideoSeconds`: how long the user's own images or clips run; `atSubtitles` looks at (or changes) the subtitles page
 * before its captions are made; `reloadWhileRendering` reloads the page once the final render is under way, which
 * must find the render and follow it to its end.
 */
export async function finishAndDownload(
  page: Page,
  project: string,
  dir: string,
  shotName: string,
  options: { ownVideoSeconds?: number; atSubtitles?: (page: Page) => Promise<void>; reloadWhileRendering?: boolean } = {},
): Promise<FinishedVideo> {
  const { ownVideoSeconds = 0, atSubtitles, reloadWhileRendering = false } = options;
  await expect(page.getByLabel(audioTexts.projectVideoLabel, { exact: true })).toBeVisible();
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/save-audio'), { timeout: 90_000 });
  await page.getByRole('button', { name: audioTexts.generate }).click();
  const answer = await saved;
  expect(answer.status(), await answer.text()).toBe(200);
  const voiceover = saveAudioResponse.parse(await answer.json());
  await expect(page.getByLabel(audioTexts.playerLabel, { exact: true })).toHaveAttribute('src', /\/files\/users\//, { timeout: 60_000 });
  const voiceFile = join(dir, `${shotName}-voiceover`);
  writeFileSync(voiceFile, await (await page.request.get(voiceover.audio_url)).body());
  const voiceoverSeconds = Number(ffprobe(voiceFile).format.duration);
  expect(voiceoverSeconds).toBeGreaterThan(1);

  await page.getByRole('button', { name: audioTexts.combine }).click();
  await expect(page.getByLabel(audioTexts.combinedLabel, { exact: true })).toHaveAttribute('src', /\/files\/users\//, { timeout: 150_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/background-music\\?project=${project}$`));
  // The flow began with its video, so the shared pages keep the six steps that start with 'Video'.
  const steps = page.getByRole('list', { name: 'Progress' }).getByRole('listitem');
  await expect(steps).toHaveCount(6);
  await expect(steps.filter({ hasText: 'Background Music' })).toHaveAttribute('aria-current', 'step');

  await chooseFirstTrack(page, project);

  await atSubtitles?.(page);
  await page.getByRole('button', { name: 'Generate Subtitles' }).click();
  await expect(page.getByRole('region', { name: 'Captions' }).getByRole('textbox').first()).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Final Video' }).click();
  if (reloadWhileRendering) {
    const rendering = page.getByRole('dialog', { name: workflowMessages.generatingVideo });
    await expect(rendering).toBeVisible();
    await page.reload();
    await expect(rendering).toBeVisible({ timeout: 15_000 });
  }
  await expect(page.getByRole('heading', { name: 'Your video is ready' })).toBeVisible({ timeout: 300_000 });
  await phoneShot(page, `/tmp/G-${shotName}-final-375.png`);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download' }).click()]);
  const file = join(dir, `${shotName}-final.mp4`);
  await download.saveAs(file);
  // Saved under the video's title (its script's first line), not one name for every video.
  const savedAs = download.suggestedFilename();
  expect(savedAs).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.mp4$/);
  expect(['reelsmith-video.mp4', 'untitled-video.mp4']).not.toContain(savedAs);
  const info = ffprobe(file);
  expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 1080, height: 1920 });
  expect(info.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
  const seconds = Number(info.format.duration);
  const expected = Math.max(voiceoverSeconds, Math.min(ownVideoSeconds, maxVideoSeconds));
  expect(Math.abs(seconds - expected), `final ${seconds} s, voiceover ${voiceoverSeconds} s, own video ${ownVideoSeconds} s`).toBeLessThanOrEqual(0.5);
  expect(seconds).toBeLessThanOrEqual(maxVideoSeconds + 0.5);
  test.info().annotations.push({ type: 'durations', description: `voiceover ${voiceoverSeconds.toFixed(2)} s, final video ${seconds.toFixed(2)} s` });
  // The voice is there, not a silent track: well above the -91 dB of digital silence.
  const loudness = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-map', '0:a', '-af', 'volumedetect', '-f', 'null', '-'], { encoding: 'utf8' });
  expect(Number(/mean_volume: (-?[\d.]+) dB/.exec(loudness.stderr)?.[1])).toBeGreaterThan(-40);

  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Your videos' }).locator('video')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Your videos' }).getByRole('link', { name: /^Download / })).toHaveAttribute('download', savedAs);
  await expect(page.getByText(/^Videos Used: \(1 \/ \d+\)$/)).toBeVisible();
  return { file, voiceoverSeconds };
}
