import { pageErrorTexts, userIdeasResponse } from '@reelsmith/contracts';
import { expect, test } from '@playwright/test';
import { signedInOnDashboard } from './helpers.ts';

/**
 * A server answer the page cannot show (an idea whose date is not a date makes the ideas history throw while it
 * renders): the app shows its own error page with the way home, never React Router's stack trace, and the built app
 * writes nothing to the console on the way (SPEC §9).
 */
test('a page that throws shows the friendly error page, the link goes home, and nothing reaches the console', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`));
  const { email } = await signedInOnDashboard(page, 'error-boundary');

  const malformed = userIdeasResponse.parse({
    ideas: [{ id: 'idea-1', batch_id: 'batch-1', title: 'Morning rush', script_prompt: 'Cold brew for commuters', created_at: 'last Tuesday' }],
    allowance: { ideas_generated: 5, ideas_allowed: 10 },
  });
  await page.route('**/api/user-ideas?**', (route) => route.fulfill({ json: malformed }));
  await page.goto('/generate-ideas');

  await expect(page.getByRole('heading', { level: 1, name: pageErrorTexts.title })).toBeVisible();
  await expect(page.getByText(pageErrorTexts.body)).toBeVisible();
  await expect(page.getByText(/RangeError|Invalid time value|Unexpected Application Error/)).toHaveCount(0);

  await page.getByRole('link', { name: pageErrorTexts.home }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, Priya Shah (${email})` })).toBeVisible();
  expect(logged).toEqual([]);
});
