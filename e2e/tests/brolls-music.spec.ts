import { join } from 'node:path';
import { brollTexts, uploadPolicies } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { startAddBrolls } from './finish.ts';

const fixtures = join(import.meta.dirname, '..', 'fixtures');

/** Signs in and starts Add B-Rolls from the dashboard tile, which creates the video entry and opens /BRolls. */
async function startBrolls(page: Page, prefix: string) {
  await startAddBrolls(page, prefix);
  await page.getByLabel('Upload a video').setInputFiles(join(fixtures, 'clip.mp4'));
  await expect(page.getByLabel('Your video')).toBeVisible();
  await expect(page.getByText(/clip\.mp4 · 94 KB/)).toBeVisible();
}

test('B-roll overlay, preview, a library track, then /subtitles', async ({ page }) => {
  test.setTimeout(300_000);
  await startBrolls(page, 'brolls');
  const process = page.getByRole('button', { name: 'Add B-Rolls' });
  await expect(process).toBeDisabled();

  await page.getByLabel('Image 1').setInputFiles(join(fixtures, 'logo.png'));
  await expect(process).toBeDisabled();
  await expect(page.getByText(brollTexts.incompleteHint)).toBeVisible();
  await page.getByLabel('Start (s) 1').fill('0.5');
  await page.getByLabel('End (s) 1').fill('2');
  await expect(process).toBeEnabled();

  // Rows 2-5 can go, the first cannot; a sixth cannot be added.
  const addRow = page.getByRole('button', { name: 'Add row' });
  for (let i = 0; i < 4; i += 1) await addRow.click();
  await expect(page.getByTestId('overlay-row')).toHaveCount(5);
  await expect(addRow).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Remove row 1' })).toHaveCount(0);
  for (const n of [5, 4, 3, 2]) await page.getByRole('button', { name: `Remove row ${n}` }).click();

  await process.click();
  await expect(page.getByLabel('Preview with overlays')).toBeVisible({ timeout: 120_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/background-music\?project=/);

  const track = page.getByRole('radio').nth(1);
  // A fresh server makes its library tracks in the background; the page asks again until one exists.
  await expect(track).toBeVisible({ timeout: 150_000 });
  await track.check();
  await expect(page.locator('audio').first()).toBeVisible();
  const project = new URL(page.url()).searchParams.get('project');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/subtitles\\?project=${project}`));
});

test('a half-filled row or inverted times block processing; a non-MP3 upload shows the server’s error in red', async ({ page }) => {
  await startBrolls(page, 'brolls-half');
  await page.getByLabel('End (s) 1').fill('2');
  await expect(page.getByRole('button', { name: 'Add B-Rolls' })).toBeDisabled();
  await expect(page.getByText(brollTexts.incompleteHint)).toBeVisible();
  // Inverted times are refused here, and the refusal goes once they are fixed.
  await page.getByLabel('Image 1').setInputFiles(join(fixtures, 'logo.png'));
  await page.getByLabel('Start (s) 1').fill('1.5');
  await page.getByLabel('End (s) 1').fill('1');
  await expect(page.getByText(brollTexts.badTimes(1))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add B-Rolls' })).toBeDisabled();
  await page.getByLabel('End (s) 1').fill('2');
  await expect(page.getByText(brollTexts.badTimes(1))).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add B-Rolls' })).toBeEnabled();

  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/background-music\?project=/);
  await page.getByLabel(/MP3 only, up to 4 MB/).setInputFiles(join(fixtures, 'logo.png'));
  const error = page.getByRole('alert').filter({ hasText: uploadPolicies.music.wrongTypeMessage });
  await expect(error).toBeVisible();
  await expect(error).toHaveClass(/text-red-700/);
});
