import { generateScriptResponse, stockMessages, stockPhotosResponse, stockVideosResponse } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { confirmedAccount, logIn } from './helpers.ts';

/**
 * On a fresh data folder the server generates its library in the background; a search of the whole still set
 * ('photo' tags every still) spans two pages of 80 once enough stills exist, and one loop is enough to add a video.
 */
async function waitForLibrary(page: Page) {
  await expect
    .poll(
      async () => {
        const photos = stockPhotosResponse.parse(await (await page.request.post('/api/stock-search', { data: { q: 'photo', type: 'image' } })).json());
        const videos = stockVideosResponse.parse(await (await page.request.post('/api/stock-search', { data: { q: 'loop', type: 'video' } })).json());
        return photos.total_results > 80 && videos.total_results > 0;
      },
      { timeout: 480_000, intervals: [5_000] },
    )
    .toBe(true);
}

test('search stock images and videos from the Smart Storyboard, page through results and add them', async ({ page }) => {
  test.setTimeout(600_000);
  const account = await confirmedAccount(page, 'stock');
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await waitForLibrary(page);

  // The storyboard opens on a project with a script (its scenes come from it).
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  const written = await page.request.post('/api/generate-script', { data: { user_id: me.user.id, prompt: 'Fresh bread every morning at a small bakery' } });
  const { video_id } = generateScriptResponse.parse(await written.json());
  await page.goto(`/smart-storyboard?project=${video_id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Smart Storyboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Search Stock Images/Videos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search Stock Images/Videos' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Images' })).toHaveAttribute('aria-selected', 'true');

  // A blank query is refused in the page: no search request leaves it.
  const searches: string[] = [];
  page.on('request', (request) => request.url().endsWith('/api/stock-search') && searches.push(request.postData() ?? ''));
  await dialog.getByLabel('Search images').fill('   ');
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(dialog.getByText(stockMessages.emptyQuery)).toBeVisible();
  expect(searches).toEqual([]);

  await dialog.getByLabel('Search images').fill('photo');
  await dialog.getByLabel('Search images').press('Enter');
  const pager = dialog.getByRole('navigation', { name: 'Pages' });
  await expect(pager.getByText(/^Page 1 of 2 • \d+ results$/)).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(80);
  await expect(dialog.getByRole('link', { name: 'Download' }).first()).toHaveAttribute('href', /^\/files\/library\//);
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager.getByText(/^Page 2 of 2 • \d+ results$/)).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

  const firstImage = dialog.getByRole('button', { name: /^Add / }).first();
  await firstImage.click();
  // A pick fills one scene: the modal closes on it, and the page says where it went.
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Added to scene 1.')).toBeVisible();

  await page.getByRole('button', { name: 'Search Stock Images/Videos' }).click();
  await dialog.getByRole('tab', { name: 'Videos' }).click();
  await dialog.getByLabel('Search videos').fill('loop');
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(pager.getByText(/^Page 1 of 1 • \d+ results$/)).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Download' })).toHaveCount(0);
  const firstVideo = dialog.getByRole('button', { name: /^Add / }).first();
  const videoName = (await firstVideo.getAttribute('aria-label'))!.replace(/^Add /, '');
  await firstVideo.click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText('Added to scene 1.')).toBeVisible();
  expect(videoName).not.toBe('');
});
