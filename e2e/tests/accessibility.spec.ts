import AxeBuilder from '@axe-core/playwright';
import { publicPaths, signedInPages } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { signedInOnDashboard } from './helpers.ts';

/** Serious and critical findings only: those block or badly hinder someone using a screen reader or low vision. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ rule: violation.id, impact: violation.impact, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
}

async function audit(page: Page, path: string) {
  await page.goto(path);
  // A flow page opened without a project says so in an alert instead of showing its heading.
  await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('alert')).first()).toBeVisible();
  // Let the page's first queries settle so axe sees what the user sees, not a spinner.
  await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
  return { path, violations: await seriousViolations(page) };
}

function expectNoSeriousViolations(found: Awaited<ReturnType<typeof audit>>[]) {
  expect(found.filter((result) => result.violations.length > 0)).toEqual([]);
}

test('no signed-out page has a serious or critical axe violation', async ({ page }) => {
  const found = [];
  for (const path of publicPaths) found.push(await audit(page, path));
  expectNoSeriousViolations(found);
});

// The signed-in pages in two halves: an axe pass takes seconds per page on a busy machine, and each half gets its own time.
const half = Math.ceil(signedInPages.length / 2);
for (const [n, pages] of [signedInPages.slice(0, half), signedInPages.slice(half)].entries()) {
  test(`no signed-in page has a serious or critical axe violation (${n + 1} of 2: ${pages[0]!.path} to ${pages.at(-1)!.path})`, async ({ page }) => {
    test.setTimeout(150_000);
    await signedInOnDashboard(page, `axe${n + 1}`);
    const found = [];
    for (const { path } of pages) found.push(await audit(page, path));
    expectNoSeriousViolations(found);
  });
}
