import { formMessages, ideaMessages, quotaMessages, userIdeasResponse } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { confirmedAccount, logIn } from './helpers.ts';

async function signedInIdeasPage(page: Page, prefix: string) {
  const account = await confirmedAccount(page, prefix);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/generate-ideas');
  await expect(page.getByRole('heading', { level: 1, name: 'Generate Ideas' })).toBeVisible();
  return account;
}

const profile = {
  'Business Name': 'Bloom & Brew',
  'Business Type': 'Neighbourhood café',
  Offerings: 'cold brew, fresh pastries, office catering',
};

async function fillProfile(page: Page) {
  for (const [label, value] of Object.entries(profile)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('Goal').selectOption('Drive Sales');
  await page.getByLabel('Tone').selectOption('Relatable');
  await page.getByLabel('Target Audience').selectOption('Parents');
}

test('fill the profile, generate ideas, find profile and history after a reload, and start a video from an idea', async ({ page }) => {
  const { email } = await signedInIdeasPage(page, 'ideas');
  await expect(page.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByLabel('Goal')).toHaveValue('Generate Leads');
  await expect(page.getByLabel('Tone')).toHaveValue('Professional');
  await expect(page.getByLabel('Target Audience')).toHaveValue('Working Professionals');
  await expect(page.getByText(ideaMessages.emptyHistory)).toBeVisible();

  await page.getByRole('button', { name: 'Generate Ideas' }).click();
  await expect(page.getByText(formMessages.required('Business Name'))).toBeVisible();
  await expect(page.getByLabel('Business Name')).toBeFocused();

  await fillProfile(page);
  await page.getByLabel('Business Name').press('Enter');
  const fresh = page.getByRole('region', { name: 'New ideas' }).getByRole('article');
  await expect(fresh).toHaveCount(5);
  await expect(page.getByText(ideaMessages.usage(1, 10))).toBeVisible();
  const titles = await fresh.getByRole('heading').allTextContents();
  expect(new Set(titles).size).toBe(5);
  await expect(fresh.first()).toContainText('Bloom & Brew');

  await page.reload();
  await expect(page.getByLabel('Business Name')).toHaveValue('Bloom & Brew');
  await expect(page.getByLabel('Business Type')).toHaveValue('Neighbourhood café');
  await expect(page.getByLabel('Offerings')).toHaveValue('cold brew, fresh pastries, office catering');
  await expect(page.getByLabel('Goal')).toHaveValue('Drive Sales');
  await expect(page.getByLabel('Tone')).toHaveValue('Relatable');
  await expect(page.getByLabel('Target Audience')).toHaveValue('Parents');
  const earlier = page.getByRole('region', { name: 'Earlier ideas' }).getByRole('article');
  await expect(earlier.getByRole('heading')).toHaveText(titles);

  const listed = userIdeasResponse.parse(await (await page.request.get(`/api/user-ideas?email=${encodeURIComponent(email)}`)).json());
  const chosen = listed.ideas[1]!;
  const started = page.waitForResponse((response) => response.url().endsWith('/api/projects/from-idea'));
  await earlier.nth(1).getByRole('button', { name: 'Use this idea' }).click();
  const answer = await started;
  expect(answer.status()).toBe(200);
  const { video_id } = (await answer.json()) as { video_id: string };
  await expect(page).toHaveURL(/\/script\?/);
  const landed = new URL(page.url());
  expect(landed.pathname).toBe('/script');
  expect(landed.searchParams.get('project')).toBe(video_id);
  expect(landed.searchParams.get('prompt')).toBe(chosen.script_prompt);
});

test('at the ideas allowance Generate is disabled with the reason, and the API refuses', async ({ page }) => {
  const { email } = await signedInIdeasPage(page, 'ideaslimit');
  await fillProfile(page);
  await page.getByRole('button', { name: 'Generate Ideas' }).click();
  await expect(page.getByText(ideaMessages.usage(1, 10))).toBeVisible();

  const form = { user_email: email, business_name: 'Bloom & Brew', business_type: 'Café', goal: 'Drive Sales', tone: 'Relatable', offerings: 'cold brew', target_audience: 'Parents' };
  for (let used = 2; used <= 10; used += 1) {
    const response = await page.request.post('/api/generate-ideas', { form });
    expect(response.status()).toBe(200);
  }
  await page.reload();
  await expect(page.getByText(ideaMessages.usage(10, 10))).toBeVisible();
  const generate = page.getByRole('button', { name: 'Generate Ideas' });
  await expect(generate).toBeDisabled();
  await expect(generate).toHaveAccessibleDescription(quotaMessages.ideas);
  await expect(page.getByText(quotaMessages.ideas)).toBeVisible();

  const refused = await page.request.post('/api/generate-ideas', { form });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: quotaMessages.ideas });
  const after = userIdeasResponse.parse(await (await page.request.get(`/api/user-ideas?email=${encodeURIComponent(email)}`)).json());
  expect(after.ideas).toHaveLength(50);
});
