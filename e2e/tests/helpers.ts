import { billingMessages, stockPhotosResponse, stockVideosResponse } from '@reelsmith/contracts';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { operatorHeaders } from './operator.ts';

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

interface OutboxMail {
  to: string;
  subject: string;
  links: string[];
}

/** Polls the dev outbox until a mail for the address arrives; returns the newest. */
export async function latestMail(request: APIRequestContext, email: string, subjectPart: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`, { headers: operatorHeaders });
      const mails = (await response.json()) as OutboxMail[];
      found = mails.find((m) => m.subject.includes(subjectPart));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

export async function signUp(page: Page, name: string, email: string, password: string): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/login/);
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** A new confirmed account, signed in and on the dashboard. */
export async function signedInOnDashboard(page: Page, prefix: string) {
  const account = await confirmedAccount(page, prefix);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

/** A confirmed account, made through the UI and the mailed link. */
export async function confirmedAccount(page: Page, prefix: string, password = 'correct-horse-1') {
  const email = uniqueEmail(prefix);
  await signUp(page, 'Priya Shah', email, password);
  const mail = await latestMail(page.request, email, 'Confirm');
  await page.goto(mail.links[0]!);
  await expect(page).toHaveURL(/\/login\?verified=1/);
  return { email, password };
}

const stockDialogs = {
  video: { open: 'Search Stock Videos', dialog: 'Search Stock Videos', field: 'Search videos', query: 'loop', answer: stockVideosResponse },
  image: { open: 'Search stock images', dialog: 'Search Stock Images', field: 'Search images', query: 'photo', answer: stockPhotosResponse },
} as const;

/**
 * Opens the page's stock dialog, searches and clicks Add on the first result; returns the dialog. A server without a
 * baked library makes its stock media in the background, so this first waits until the search finds something.
 */
export async function addFirstStockItem(page: Page, kind: keyof typeof stockDialogs) {
  const texts = stockDialogs[kind];
  await expect
    .poll(async () => texts.answer.parse(await (await page.request.post('/api/stock-search', { data: { q: texts.query, type: kind } })).json()).total_results, {
      timeout: 300_000,
      intervals: [2_000, 5_000],
    })
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: texts.open }).click();
  const dialog = page.getByRole('dialog', { name: texts.dialog });
  await dialog.getByLabel(texts.field).fill(texts.query);
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  await dialog.getByRole('button', { name: /^Add / }).first().click();
  return dialog;
}

/** Growth keeps 3 brands: bought through the built-in test gateway, as a user would. */
export async function upgradeToGrowth(page: Page) {
  await page.goto('/Subscriptions');
  await page.getByRole('button', { name: 'Choose Growth' }).click();
  const dialog = page.getByRole('dialog', { name: billingMessages.basedInIndia });
  const checkoutPromise = page.context().waitForEvent('page');
  await dialog.getByRole('button', { name: 'No', exact: true }).click();
  const checkout = await checkoutPromise;
  await checkout.waitForLoadState();
  await checkout.getByRole('button', { name: 'Pay $39.00' }).click();
  await expect(checkout.getByText('Payment successful.')).toBeVisible();
  await checkout.close();
  await expect(page.getByText('Current plan: Growth Plan')).toBeVisible({ timeout: 25_000 });
}
