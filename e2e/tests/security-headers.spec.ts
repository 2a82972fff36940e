import { publicPaths, signedInPages } from '@reelsmith/contracts';
import { expect, test, type Page, type Response } from '@playwright/test';
import { signedInOnDashboard } from './helpers.ts';
import { mailboxLink } from './operator.ts';

/**
 * A fresh account has no storyboard scenes or subtitles yet, and these answer 404 for "nothing saved yet"; the
 * browser logs that as a failed resource. Any other refused request is a problem.
 */
const nothingSavedYet = ['/api/generate-and-store-scenes', '/api/get-latest-subtitles', '/api/check-final-video'];
const httpStatusLog = /^Failed to load resource: the server responded with a status of \d+/;

/** Every console error, CSP violations included (Chromium reports each one there), and every uncaught exception. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !httpStatusLog.test(message.text())) problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.status() >= 400 && !(response.status() === 404 && nothingSavedYet.includes(pathname))) {
      problems.push(`${page.url()}: ${response.status()} from ${pathname}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

function expectSecurityHeaders(response: Response | null) {
  expect(response, 'the page answered').not.toBeNull();
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  // The e2e servers are plain http on loopback: HSTS there would pin the browser to https for localhost.
  expect(headers['strict-transport-security']).toBeUndefined();
}

/** Loads the page, lets it settle (its own requests and renders), and checks the document's headers. */
async function visit(page: Page, url: string) {
  const response = await page.goto(url);
  expectSecurityHeaders(response);
  await page.waitForLoadState('networkidle');
  return response;
}

test('the signed-out pages carry the security headers and run without a CSP violation or console error', async ({ page }) => {
  const problems = watchConsole(page);
  for (const path of publicPaths) await visit(page, path);
  expect(problems).toEqual([]);
});

test('every signed-in page, the dev mailbox and a checkout page pass the CSP with no console error', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  const { email } = await signedInOnDashboard(page, 'headers');
  for (const { path } of signedInPages) {
    await visit(page, path);
    await expect(page).toHaveURL(new RegExp(`${path}$`, 'i'));
  }

  const mailbox = await page.goto(mailboxLink);
  expectSecurityHeaders(mailbox);
  await expect(page).toHaveURL(/\/dev\/mailbox$/);
  await expect(page.getByRole('heading', { name: 'Dev mailbox' })).toBeVisible();
  await page.getByText('Show message').first().click();

  const created = await page.request.post('/api/create-subscription', { data: { plan_id: 'starter', gst_invoice: 'No', email } });
  const { short_url: checkoutUrl } = (await created.json()) as { short_url: string };
  await visit(page, checkoutUrl);
  await expect(page.getByRole('button', { name: 'Pay $20.00' })).toBeVisible();
  expect(problems).toEqual([]);
});
