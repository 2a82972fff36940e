import { expect, test } from '@playwright/test';
import { signedInOnDashboard } from './helpers.ts';

/**
 * Customers are told what they get, never how the server is set up: names of settings, keys and vendors to connect
 * belong in the operator's log (the server prints them at start). Each creation page of an offline server, as a
 * customer sees it: its text, its tooltips and what a screen reader reads.
 */
const operatorWords = /[A-Z]{3,}_[A-Z_]{2,}|\bon the server\b|\bprovider\b|\bAPI key\b|\bconnect an\b/i;
const pages = ['/ugc-video', '/before-after', '/product-showcase', '/product-intro', '/ImagetoVideo', '/script', '/OwnVideo', '/scroll-stopper'];

test('no creation page tells a customer how the server is set up', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInOnDashboard(page, 'customer-texts');
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // An image-to-video option shows its note only once chosen: choose what the page offers.
    const aiOption = page.getByRole('checkbox', { name: /image to video/i }).first();
    if (await aiOption.isVisible()) await aiOption.check();
    const text = await page.locator('body').innerText();
    const titles = await page.locator('[title]').evaluateAll((elements) => elements.map((element) => element.getAttribute('title') ?? ''));
    const hidden = await page.locator('.sr-only').allTextContents();
    for (const shown of [text, ...titles, ...hidden]) expect(shown, `${path}: ${shown.slice(0, 200)}`).not.toMatch(operatorWords);
  }
});
