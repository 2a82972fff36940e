import { join } from 'node:path';
import { dashboardMessages, dashboardTexts, productIntroEntry, videoTypeTiles, type VideoItem } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { confirmedAccount, logIn } from './helpers.ts';

const logoFixture = join(import.meta.dirname, '../fixtures/logo.png');

async function signedInDashboard(page: Page, prefix: string) {
  const account = await confirmedAccount(page, prefix);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

test('a new account sees its Free Plan usage, the empty video text, and can set and remove a logo', async ({ page }) => {
  const { email } = await signedInDashboard(page, 'dash');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, Priya Shah (${email})` })).toBeVisible();
  await expect(page.getByText('Plan: Free Plan')).toBeVisible();
  await expect(page.getByText('Videos Used: (0 / 3)')).toBeVisible();
  await expect(page.getByText('AI Videos Used: (0 / 1)')).toBeVisible();
  await expect(page.getByText('Ideas Generated: (0 / 10)')).toBeVisible();
  await expect(page.getByText(/^Credits renew on \d{1,2} [A-Z][a-z]{2,3} \d{4}$/)).toBeVisible();
  await expect(page.getByText(dashboardMessages.emptyVideos)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Video' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Generate Ideas' })).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Subscriptions' })).toHaveAttribute('href', '/Subscriptions');
  // One way out: the header's Signout, as on every signed-in page.
  await expect(page.getByRole('button', { name: 'Signout' }).or(page.getByRole('link', { name: 'Signout' }))).toHaveCount(1);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Signout' })).toBeVisible();

  await page.getByRole('button', { name: dashboardTexts.createFirstVideo }).click();
  await expect(page.getByRole('dialog', { name: 'Select Video Type' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The long address wraps inside a phone's width instead of pushing the page sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByLabel('Logo', { exact: true }).setInputFiles(logoFixture);
  const logo = page.getByRole('img', { name: 'Your logo' });
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);

  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(logo).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Plan: Free Plan')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your logo' })).toHaveCount(0);
});

test('a file that is not an image is refused as a logo', async ({ page }) => {
  await signedInDashboard(page, 'dashtxt');
  await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await expect(page.getByRole('alert')).toHaveText('Please upload a valid image file.');
  await expect(page.getByRole('img', { name: 'Your logo' })).toHaveCount(0);
});

test('Create Video offers the eight video types with both notes; Escape closes; Add B-Rolls lands on /BRolls', async ({ page }) => {
  await signedInDashboard(page, 'dashtype');
  const createVideo = page.getByRole('button', { name: 'Create Video' });
  await createVideo.click();
  const dialog = page.getByRole('dialog', { name: 'Select Video Type' });
  await expect(dialog).toBeVisible();
  const tiles = dialog.getByRole('listitem');
  await expect(tiles).toHaveCount(8);
  for (const [index, tile] of videoTypeTiles.entries()) {
    await expect(tiles.nth(index)).toContainText(tile.title);
    await expect(tiles.nth(index)).toContainText(tile.length);
    await expect(tiles.nth(index)).toContainText(tile.makes);
  }
  await expect(dialog.getByRole('link', { name: /Custom Storyboard/ })).toHaveAttribute('href', '/script');
  // Smart Storyboard is named where it is (a step of Custom Storyboard), and Product Intro has an entry of its own.
  await expect(dialog.getByRole('link', { name: /Custom Storyboard/ })).toContainText('Smart Storyboard');
  await expect(dialog.getByRole('link', { name: /Custom Storyboard/ })).toContainText('Create AI Video');
  await expect(dialog.getByRole('link', { name: /^Product Intro 14 secs/ })).toHaveAttribute('href', '/product-intro');
  await expect(dialog.getByText(dashboardMessages.musicNote)).toBeVisible();
  // This server has no AI vendor: the note says the AI formats make motion templates, which take no AI credit.
  await expect(dialog.getByText(dashboardMessages.motionTemplatesNote)).toBeVisible();

  // Every tile, Product Intro's too, plays a short muted loop of what its type makes (the library made them).
  const previews = dialog.locator('video');
  await expect(previews).toHaveCount(videoTypeTiles.length + 1);
  for (const [index, tile] of [...videoTypeTiles, productIntroEntry].entries()) {
    await expect(previews.nth(index)).toHaveAttribute('src', new RegExp(`/previews/v1/${tile.preview}\\.mp4`));
  }
  for (const index of [0, 8]) {
    await expect.poll(() => previews.nth(index).evaluate((video: HTMLVideoElement) => video.muted && video.loop && video.currentTime > 0.3), { timeout: 15_000 }).toBe(true);
  }
  await page.screenshot({ path: test.info().outputPath('create-video-tiles.png') });

  // Focus stays inside the modal however far Tab goes.
  for (let i = 0; i < 12; i += 1) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(createVideo).toBeFocused();

  await createVideo.click();
  const entryCall = page.waitForResponse((response) => response.url().endsWith('/api/create-video-entry'));
  await dialog.getByRole('button', { name: /Add B-Rolls/ }).click();
  expect((await entryCall).status()).toBe(200);
  await expect(page).toHaveURL(/\/BRolls\?project=[\w-]+$/);
});

test('Add B-Rolls stays on the dashboard with the spec text when the entry cannot be created', async ({ page }) => {
  await signedInDashboard(page, 'dashfail');
  await page.route('**/api/create-video-entry', (route) => route.fulfill({ status: 500, json: { error: 'Something went wrong' } }));
  await page.getByRole('button', { name: 'Create Video' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /Add B-Rolls/ }).click();
  await expect(page.getByRole('alert')).toHaveText(dashboardMessages.createEntryFailed);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a reload shows the cached dashboard before the server answers, then the fresh one', async ({ page }) => {
  await signedInDashboard(page, 'dashcache');
  await expect(page.getByText('Videos Used: (0 / 3)')).toBeVisible();
  await expect(page.getByText(dashboardMessages.emptyVideos)).toBeVisible();

  // Hold the refresh calls: whatever shows meanwhile can only come from the browser cache.
  const held: Array<() => Promise<void>> = [];
  await page.route(/\/api\/(subscription|videos)$/, (route) => void held.push(() => route.continue()));
  await page.reload();
  await expect(page.getByText('Plan: Free Plan')).toBeVisible();
  await expect(page.getByText('Videos Used: (0 / 3)')).toBeVisible();
  await expect(page.getByText(dashboardMessages.emptyVideos)).toBeVisible();
  await expect.poll(() => held.length).toBe(2);
  await Promise.all(held.map((release) => release()));
  await page.unroute(/\/api\/(subscription|videos)$/);
  await expect(page.getByText('Videos Used: (0 / 3)')).toBeVisible();
});

test('a video is renamed and deleted (after asking), and the cached list keeps both changes', async ({ page }) => {
  await signedInDashboard(page, 'dashdelete');
  const video = (id: string, title: string): VideoItem => ({ id, title, video_url: `/files/${id}.mp4`, poster_url: null, created_at: '2026-11-02T10:00:00.000Z' });
  let listed = [video('v-keep', 'Spring sale'), video('v-gone', 'Old launch')];
  await page.route(/\/api\/videos$/, (route) => route.fulfill({ json: { videos: listed } }));
  const deleted: unknown[] = [];
  await page.route(/\/api\/rename-video$/, (route) => {
    const { title } = route.request().postDataJSON() as { title: string };
    listed = listed.map((item) => (item.id === 'v-keep' ? { ...item, title } : item));
    return route.fulfill({ json: { status: 'success' } });
  });
  await page.route(/\/api\/delete-video$/, (route) => {
    deleted.push(route.request().postDataJSON());
    listed = listed.filter((item) => item.id !== 'v-gone');
    return route.fulfill({ json: { status: 'success' } });
  });
  await page.reload();
  await expect(page.getByRole('link', { name: 'Download Spring sale' })).toHaveAttribute('download', 'spring-sale.mp4');

  await page.getByRole('button', { name: 'Rename Spring sale' }).click();
  const rename = page.getByRole('dialog', { name: dashboardTexts.renameVideoTitle });
  await rename.getByLabel(dashboardTexts.renameVideoField).fill('Summer sale');
  await rename.getByRole('button', { name: dashboardTexts.renameVideoSave }).click();
  await expect(rename).toBeHidden();
  await expect(page.getByRole('link', { name: 'Download Summer sale' })).toHaveAttribute('download', 'summer-sale.mp4');

  await page.getByRole('button', { name: 'Delete Old launch' }).click();
  const confirm = page.getByRole('dialog', { name: dashboardTexts.deleteVideoTitle });
  await expect(confirm).toContainText(dashboardTexts.deleteVideoBody('Old launch'));
  await confirm.getByRole('button', { name: dashboardTexts.deleteVideoKeep }).click();
  expect(deleted).toEqual([]);
  await page.getByRole('button', { name: 'Delete Old launch' }).click();
  await confirm.getByRole('button', { name: dashboardTexts.deleteVideoConfirm }).click();
  await expect(confirm).toBeHidden();
  expect(deleted).toEqual([{ video_id: 'v-gone' }]);
  await expect(page.getByRole('button', { name: 'Delete Old launch' })).toHaveCount(0);

  // With the server unreachable the page shows its 24 h cache: the deleted video must not be in it.
  await page.unroute(/\/api\/videos$/);
  await page.route(/\/api\/videos$/, (route) => route.abort());
  await page.reload();
  await expect(page.getByRole('button', { name: 'Delete Summer sale' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Old launch' })).toHaveCount(0);
});
