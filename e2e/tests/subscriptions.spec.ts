import { execFileSync } from 'node:child_process';
import { billingMessages } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { confirmedAccount, logIn } from './helpers.ts';
import { operatorHeaders } from './operator.ts';

test.describe.configure({ mode: 'serial' });

async function signedIn(page: Page, prefix: string) {
  const account = await confirmedAccount(page, prefix);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

async function chooseAndPay(page: Page, button: string, india: 'Yes' | 'No', payLabel: string) {
  await page.goto('/Subscriptions');
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: billingMessages.basedInIndia });
  await expect(dialog).toBeVisible();
  const checkoutPromise = page.context().waitForEvent('page');
  await dialog.getByRole('button', { name: india, exact: true }).click();
  const checkout = await checkoutPromise;
  await checkout.waitForLoadState();
  await checkout.getByRole('button', { name: payLabel }).click();
  return checkout;
}

test('a Free user buys Growth in a new tab; polling picks it up; the invoice PDF downloads', async ({ page }) => {
  test.setTimeout(90_000);
  const { email } = await signedIn(page, 'growth');
  const checkout = await chooseAndPay(page, 'Choose Growth', 'No', 'Pay $39.00');
  await expect(checkout.getByText('Payment successful.')).toBeVisible();
  await checkout.close();

  await expect(page.getByRole('status').filter({ hasText: billingMessages.subscriptionActive })).toBeVisible({ timeout: 25_000 });
  await expect(page.getByText('Current plan: Growth Plan')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Current plan' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Choose Pro' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Buy Trial Pack' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Invoices' }).click();
  const row = page.getByRole('row').filter({ hasText: '$39.00' });
  await expect(row).toBeVisible();
  const number = (await row.getByRole('cell').first().textContent())!.trim();
  expect(number).toMatch(/^RS-\d{4}-\d{5}$/);
  const downloadPromise = page.waitForEvent('download');
  await row.getByRole('link', { name: `Download invoice ${number}` }).click();
  const file = await (await downloadPromise).path();
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  expect(text).toContain(number);
  expect(text).toContain('$39.00');
  expect(text).toContain(email);

  await page.setViewportSize({ width: 375, height: 740 });
  const table = page.getByRole('table', { name: 'Invoices' });
  await expect(row.getByRole('link', { name: `Download invoice ${number}` })).toBeInViewport({ ratio: 1 });
  expect(await table.evaluate((element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.goto('/dashboard');
  await expect(page.getByText('Growth Plan').first()).toBeVisible();
  await expect(page.getByText('Videos Used: (0 / 30)')).toBeVisible();
  await expect(page.getByText('AI Videos Used: (0 / 10)')).toBeVisible();
});

test('a second user activates the trial pack through the payment link return', async ({ page }) => {
  await signedIn(page, 'trial');
  const checkout = await chooseAndPay(page, 'Buy Trial Pack', 'Yes', 'Pay $35.00');
  await expect(checkout).toHaveURL(/\/Subscriptions/);
  await expect(checkout.getByRole('status').filter({ hasText: billingMessages.trialActivated })).toBeVisible();
  await expect(checkout.getByText('Current plan: Trial Pack')).toBeVisible();
  await expect(checkout).not.toHaveURL(/razorpay_payment_link_id/);
});

test('cancel shows the server message and the plan ends at period end on the test clock', async ({ page }) => {
  test.setTimeout(90_000);
  await signedIn(page, 'cancel');
  const checkout = await chooseAndPay(page, 'Choose Starter', 'No', 'Pay $20.00');
  await expect(checkout.getByText('Payment successful.')).toBeVisible();
  await checkout.close();
  await expect(page.getByText('Current plan: Starter Plan')).toBeVisible({ timeout: 25_000 });

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  let confirm = page.getByRole('dialog', { name: billingMessages.cancelConfirmTitle });
  await expect(confirm).toContainText(/^.*You keep the Starter Plan and its credits until \d{1,2} [A-Z][a-z]{2} \d{4}\./);
  await confirm.getByRole('button', { name: billingMessages.cancelKeep }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(/^Renews on /)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  confirm = page.getByRole('dialog', { name: billingMessages.cancelConfirmTitle });
  await confirm.getByRole('button', { name: billingMessages.cancelConfirm }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Your subscription will end on \d{1,2} [A-Z][a-z]{2} \d{4}\. You keep your plan until then\.$/ })).toBeVisible();
  await expect(page.getByText(/^Ends on /)).toBeVisible();

  const advanced = await page.request.post('/pay/test-clock/advance', { data: { days: 32 }, headers: operatorHeaders });
  expect(advanced.ok()).toBe(true);
  await page.reload();
  await expect(page.getByText('Current plan: Free Plan')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose Growth' })).toBeEnabled();
});
