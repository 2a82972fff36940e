import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { accountDataMessages, accountExportPaths, loginMessages } from '@reelsmith/contracts';
import { expect, test } from '@playwright/test';
import { logIn, signedInOnDashboard } from './helpers.ts';

test('the account page downloads everything as one ZIP, then deletes the account after the password and a typed DELETE', async ({ page }) => {
  test.setTimeout(90_000);
  const { email, password } = await signedInOnDashboard(page, 'leaving');

  // From the header's account menu to the page.
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Your account and data' })).toBeVisible();

  // Download my data: a ZIP named by the day, holding the JSON with the profile.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^reelsmith-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await download.path();
  const listing = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).split('\n');
  expect(listing).toContain(accountExportPaths.data);
  const data = JSON.parse(execFileSync('unzip', ['-p', zip, accountExportPaths.data], { encoding: 'utf8' })) as { profile: { email: string; name: string } };
  expect(data.profile).toMatchObject({ email, name: 'Priya Shah' });
  expect(readFileSync(zip).subarray(0, 2).toString()).toBe('PK');
  await expect(page.getByRole('status').filter({ hasText: accountDataMessages.exportReady })).toBeVisible();

  // Delete account: the typed confirmation is checked first, then the password, each next to its field.
  const section = page.getByRole('region', { name: 'Delete account' });
  const passwordField = section.getByLabel('Password');
  const confirmField = section.getByLabel('Type DELETE to confirm');
  const deleteButton = section.getByRole('button', { name: 'Delete my account' });
  await passwordField.fill('not-my-password');
  await confirmField.fill('delete');
  await deleteButton.click();
  await expect(section.getByText(accountDataMessages.confirmationRequired)).toBeVisible();
  await expect(confirmField).toBeFocused();
  await confirmField.fill('DELETE');
  await deleteButton.click();
  await expect(section.getByText(accountDataMessages.wrongPassword)).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);

  await passwordField.fill(password);
  await deleteButton.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: accountDataMessages.deleted })).toBeVisible();

  // The session is gone, and signing in again finds no account.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, password);
  await expect(page.getByRole('alert')).toHaveText(loginMessages.userNotFound);
  await expect(page).toHaveURL(/\/login$/);
});
