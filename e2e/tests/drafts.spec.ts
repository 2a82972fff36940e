import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { audioTexts, draftTexts, scriptTexts, stepStateTexts } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { signedInOnDashboard } from './helpers.ts';

// A project takes its first title from the prompt it was written for.
const title = 'Sourdough mornings at Crumb & Co';
const script = 'Fresh loaves every morning.\nCome early for the first warm loaves of the day.';

/** Set only when the docs' screenshots are to be remade: a CI run never rewrites them. */
const saveScreenshots = process.env.SAVE_DOCS_SCREENSHOTS === '1';
const docs = join(import.meta.dirname, '../../docs');

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

test('an unfinished video waits on the dashboard as a draft: Continue reopens its page, Discard asks first', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInOnDashboard(page, 'drafts');
  await expect(page.getByRole('heading', { name: draftTexts.heading, exact: true })).toHaveCount(0);

  // A Custom Storyboard left on its audio step.
  await page.getByRole('button', { name: 'Create Video' }).click();
  await page.getByRole('dialog').getByRole('link', { name: /Custom Storyboard/ }).click();
  await page.getByLabel('Prompt').fill(title);
  await page.getByRole('button', { name: 'Generate Script' }).click();
  const scriptField = page.getByLabel('Script', { exact: true });
  await expect(scriptField).toBeVisible({ timeout: 60_000 });
  await scriptField.fill(script);
  await expect(page.getByText(scriptTexts.saved, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/audio\?project=/);
  const project = new URL(page.url()).searchParams.get('project')!;
  await expect(page.getByRole('heading', { level: 1, name: 'Generate Audio' })).toBeVisible();

  // An Add B-Rolls entry, left as soon as it opened.
  await page.getByRole('link', { name: 'Home' }).click();
  await page.getByRole('button', { name: 'Create Video' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /Add B-Rolls/ }).click();
  await expect(page).toHaveURL(/\/BRolls\?project=/);
  await page.getByRole('link', { name: 'Home' }).click();

  const drafts = page.getByRole('region', { name: draftTexts.heading, exact: true });
  const storyboard = drafts.getByRole('article').filter({ hasText: title });
  const brolls = drafts.getByRole('article').filter({ hasText: 'Stopped at: Background Video: B-Rolls' });
  await expect(storyboard).toContainText(draftTexts.stoppedAt('Generate Audio'));
  await expect(storyboard).toContainText(draftTexts.stepOf(2, 5));
  await expect(storyboard).toContainText('Custom Storyboard');
  await expect(brolls).toContainText('Add B-Rolls');
  // The newest activity first.
  await expect(drafts.getByRole('article').first()).toContainText('Add B-Rolls');
  expect(await seriousViolations(page)).toEqual([]);

  if (saveScreenshots) await page.screenshot({ path: join(docs, 'dashboard-drafts-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  // A phone shows each card whole, with nothing pushing the page sideways.
  await drafts.evaluate((section) => section.scrollIntoView({ block: 'start' }));
  await expect(drafts.getByRole('article').first()).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  if (saveScreenshots) await page.screenshot({ path: join(docs, 'dashboard-drafts-375.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Discard, by keyboard: keeping it changes nothing; confirming removes it, also after a reload.
  const discard = page.getByRole('button', { name: draftTexts.discardLabel('Add B-Rolls') });
  await discard.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: draftTexts.discardTitle });
  await expect(confirm).toContainText(draftTexts.discardBody('Add B-Rolls'));
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(discard).toBeFocused();
  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: draftTexts.discardKeep }).click();
  await expect(brolls).toHaveCount(1);
  await discard.click();
  const discarded = page.waitForResponse((r) => r.url().endsWith('/api/discard-draft'));
  await confirm.getByRole('button', { name: draftTexts.discardConfirm }).click();
  expect((await discarded).status()).toBe(200);
  await expect(confirm).toBeHidden();
  await expect(brolls).toHaveCount(0);
  await page.reload();
  await expect(storyboard).toBeVisible();
  await expect(brolls).toHaveCount(0);

  // Continue opens the page where the user stopped, with the work done so far.
  await storyboard.getByRole('link', { name: draftTexts.continueLabel(title) }).click();
  await expect(page).toHaveURL(new RegExp(`/audio\\?project=${project}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Generate Audio' })).toBeVisible();
  await expect(page.getByRole('region', { name: audioTexts.scriptHeading })).toContainText('Come early for the first warm loaves of the day.');
  await expect(page.getByRole('list', { name: 'Progress' }).getByRole('listitem')).toHaveCount(5);
});

test('a shared page opened in a new tab takes the project’s own flow: B-Rolls of a Custom Storyboard, then Skip', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInOnDashboard(page, 'drafts-flow');
  const me = ((await (await page.request.get('/api/me')).json()) as { user: { id: string } }).user.id;
  const written = await page.request.post('/api/generate-script', { data: { user_id: me, prompt: title } });
  const projectId = ((await written.json()) as { video_id: string }).video_id;

  // A new tab has none of the first tab's memory of the flow: /BRolls alone would read as the Add B-Rolls flow.
  const tab = await page.context().newPage();
  await tab.goto(`/BRolls?project=${projectId}`);
  const steps = tab.getByRole('list', { name: 'Progress' }).getByRole('listitem');
  await expect(steps).toHaveCount(5);
  await expect(steps.filter({ hasText: 'Generate Script' })).toContainText(stepStateTexts.done);
  await expect(steps.filter({ hasText: 'Generate Audio' })).not.toContainText(stepStateTexts.skipped);
  await tab.getByRole('button', { name: 'Skip' }).click();
  await expect(tab).toHaveURL(new RegExp(`/background-music\\?project=${projectId}$`));
  await expect(steps.filter({ hasText: 'Generate Script' })).toContainText(stepStateTexts.done);
  await expect(tab.getByText('Custom Storyboard', { exact: true })).toBeVisible();
});
