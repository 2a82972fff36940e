import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { busyTexts, generatedVideoTexts, showcaseTexts } from '@reelsmith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { openFromTile } from './finish.ts';

/**
 * Issue 29 item 9: under the spec's 'usually about 3 min', the wait this server measured for a 7 s showcase, counted
 * down between the 10 s polls and never up; a second showcase starts from what the first one took.
 */
let dir: string;
const bottle = () => join(dir, 'bottle.png');

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rs-e2e-estimates-'));
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0xf97316:s=600x800,drawbox=x=200:y=160:w=200:h=480:c=0x1e6fd9:t=fill', '-frames:v', '1', bottle()]);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The countdown as seconds: a minute count as its seconds, 'Almost done…' as none left, null while it is worked out. */
function secondsOf(text: string): number | null {
  if (text === busyTexts.estimating) return null;
  if (text === busyTexts.almostDone || text === busyTexts.longerThanUsual) return 0;
  const match = /^About (\d+) (secs?|min) left$/.exec(text);
  if (!match) throw new Error(`not a time left: ${text}`);
  return Number(match[1]) * (match[2] === 'min' ? 60 : 1);
}

/** Generates a 7 s showcase, reading the countdown every half second until the result shows; answers what it read. */
async function generateAndSample(page: Page, shot?: string): Promise<{ samples: number[]; texts: string[]; seconds: number }> {
  await page.getByLabel(showcaseTexts.textLabel(1)).fill('Slow zoom in on the serum bottle');
  await page.getByLabel(showcaseTexts.imageLabel(1)).setInputFiles(bottle());
  const started = Date.now();
  await page.getByRole('button', { name: showcaseTexts.generate }).click();
  const busy = page.getByRole('status').filter({ hasText: showcaseTexts.busy });
  // The spec's line stays as it is; the measured one is under it.
  await expect(busy).toContainText(showcaseTexts.estimate('7'));
  const timer = page.getByRole('dialog').getByRole('timer');
  const result = page.getByLabel(showcaseTexts.result);
  const texts: string[] = [];
  while (!(await result.isVisible())) {
    const text = await timer.textContent({ timeout: 1000 }).catch(() => null);
    if (text) texts.push(text);
    if (shot && texts.length === 6) await page.screenshot({ path: shot });
    expect(Date.now() - started, 'the showcase took over 5 min').toBeLessThan(300_000);
    await page.waitForTimeout(500);
  }
  const samples = texts.map(secondsOf).filter((s): s is number => s !== null);
  return { samples, texts, seconds: (Date.now() - started) / 1000 };
}

const neverUp = (samples: number[]) => samples.every((s, i) => i === 0 || s <= samples[i - 1]!);

test('Product Showcase: the time left is this server’s measured wait, well under the spec’s 3 min, and only goes down', async ({ page }) => {
  test.setTimeout(660_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFromTile(page, 'estimates', /Product Showcase/, /\/product-showcase$/);

  // No showcase has finished on this server yet: the count starts from the generator's typical wait.
  const first = await generateAndSample(page, '/tmp/estimates-busy.png');
  console.log(`[estimates] first: ${first.seconds.toFixed(1)} s; read ${[...new Set(first.texts)].join(' | ')}`);
  expect(first.samples.length).toBeGreaterThan(3);
  expect(neverUp(first.samples), first.texts.join(' | ')).toBe(true);
  expect(first.samples[0]).toBeLessThan(120);

  // The second starts from what the first took here (its median of one), not from 3 min.
  await page.getByRole('button', { name: 'Restart' }).click();
  await expect(page.getByText(generatedVideoTexts.restartHint('Generate'))).toHaveCount(0);
  const second = await generateAndSample(page);
  console.log(`[estimates] second: ${second.seconds.toFixed(1)} s; read ${[...new Set(second.texts)].join(' | ')}`);
  expect(neverUp(second.samples), second.texts.join(' | ')).toBe(true);
  // The first's wait was measured from its job's start to its end; the page saw it up to a 10 s poll later.
  expect(second.samples[0]).toBeLessThanOrEqual(Math.ceil(first.seconds / 5) * 5 + 5);
  expect(second.samples[0]).toBeGreaterThanOrEqual(Math.floor(first.seconds * 0.4));
});
