import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aiVideoMessages, beforeAfterTexts, dashboardMessages, draftTexts, showcaseTexts } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { signedInOnDashboard } from './helpers.ts';

/**
 * Issue 29 §1, the newcomer's path: with no AI vendor set up, the AI formats make motion templates and take no AI
 * credit. The dashboard and the Create Video modal say so, each page says it beside Generate before the click, and a
 * finished showcase leaves the plan's AI videos where they were.
 */
let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rs-e2e-motion-'));
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0xf97316:s=600x800,drawbox=x=200:y=160:w=200:h=480:c=0x1e6fd9:t=fill', '-frames:v', '1', join(dir, 'bottle.png')]);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const aiUsage = (page: Page) => page.getByRole('region', { name: 'Your plan' }).getByText(/^AI Videos Used:/);

test('offline AI formats are motion templates: the pages say so before Generate, and a showcase takes no AI credit', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInOnDashboard(page, 'motion-templates');
  await expect(aiUsage(page)).toHaveText('AI Videos Used: (0 / 1)');
  await expect(page.getByText(dashboardMessages.motionTemplatesUsage)).toBeVisible();
  await page.getByRole('button', { name: 'Create Video' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByText(dashboardMessages.motionTemplatesNote.slice(0, 40))).toBeVisible();
  await expect(modal.getByText(dashboardMessages.aiNote)).toHaveCount(0);
  await modal.getByRole('link', { name: /Product Showcase/ }).click();

  await expect(page.getByRole('heading', { name: showcaseTexts.heading })).toBeVisible();
  await expect(page.getByText(aiVideoMessages.offlineCost)).toBeVisible();
  await page.getByLabel(showcaseTexts.textLabel(1)).fill('Slow zoom in on the serum bottle');
  await page.getByLabel(showcaseTexts.imageLabel(1)).setInputFiles(join(dir, 'bottle.png'));
  await page.screenshot({ path: '/tmp/G-motion-template-cost.png' });
  await page.getByRole('button', { name: showcaseTexts.generate }).click();
  await expect(page.getByLabel(showcaseTexts.result)).toBeVisible({ timeout: 240_000 });

  // Before/After names the cost once an image is to be brought to life.
  await page.goto('/before-after');
  await expect(page.getByText(aiVideoMessages.offlineCost)).toHaveCount(0);
  await page.getByRole('radio', { name: /Image/ }).first().check();
  await page.getByRole('checkbox', { name: `Before: ${beforeAfterTexts.imageToVideo(true)}` }).check();
  await expect(page.getByText(aiVideoMessages.offlineCost)).toBeVisible();

  await page.goto('/dashboard');
  await expect(aiUsage(page)).toHaveText('AI Videos Used: (0 / 1)');
  // The showcase waits as a draft: its step by name and number, and a poster of what it made.
  const draft = page.getByRole('region', { name: draftTexts.heading, exact: true }).getByRole('article').filter({ hasText: 'Product Showcase' });
  await expect(draft).toContainText(draftTexts.stoppedAt('Video'));
  await expect(draft).toContainText(draftTexts.stepOf(1, 6));
  await expect(draft.locator('video')).toHaveAttribute('src', /-showcase\.mp4\?.*#t=0\.5$/);
  await draft.screenshot({ path: '/tmp/G-draft-card.png' });
});
