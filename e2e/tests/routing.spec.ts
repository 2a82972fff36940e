import { stepStateTexts } from '@reelsmith/contracts';
import { expect, test } from '@playwright/test';
import { confirmedAccount, logIn } from './helpers.ts';

test('an unknown route goes to /login', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('signed-in pages need a session', async ({ page }) => {
  await page.goto('/script');
  await expect(page).toHaveURL(/\/login$/);
});

test('/Dashboard, /Subscriptions and /BRolls render the same pages as their lower-case readings', async ({ page }) => {
  const { email, password } = await confirmedAccount(page, 'casing');
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/Dashboard');
  await expect(page.getByText(`Welcome, Priya Shah (${email})`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Signout' })).toBeVisible();

  for (const [upper, lower, heading] of [
    ['/Subscriptions', '/subscriptions', 'Subscriptions'],
    ['/BRolls', '/brolls', 'Background Video'],
  ] as const) {
    await page.goto(upper);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.goto(lower);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }

  // With no project behind it, /BRolls is where Add B-Rolls starts: its bar says it has no Script or Audio step.
  const progress = page.getByRole('list', { name: 'Progress' });
  const { done, current, skipped } = stepStateTexts;
  await expect(progress.getByRole('listitem')).toHaveText([
    `Generate Script${skipped}`,
    `Generate Audio${skipped}`,
    `Background Video${current}`,
    'Background Music',
    'Final Video',
  ]);
  await expect(progress.locator('[aria-current="step"]')).toHaveText(`Background Video${current}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Background Video: B-Rolls' })).toBeVisible();

  // The flows that start from the user's own video have no page for Background Video: skipped, never done. The
  // shared music page keeps the flow its project came through.
  await page.goto('/script-types?project=p1');
  await expect(page.getByRole('list', { name: 'Progress' }).getByRole('listitem').first()).toHaveText(`Video${done}`);
  await page.goto('/background-music?project=p1');
  await expect(page.getByRole('list', { name: 'Progress' }).getByRole('listitem')).toHaveText([
    `Video${done}`,
    `Generate Script${done}`,
    `Generate Audio${done}`,
    `Background Video${skipped}`,
    `Background Music${current}`,
    'Final Video',
  ]);

  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('page views reach the analytics endpoint', async ({ page }) => {
  const views: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/analytics/pageview')) views.push(JSON.parse(request.postData() ?? '{}').path);
  });
  await page.goto('/signup');
  await page.getByRole('link', { name: 'Login' }).click();
  await expect.poll(() => views).toEqual(['/signup', '/login']);
});
