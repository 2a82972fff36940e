import { loginMessages, passwordResetMessages, profileMessages, resendVerificationMessages, signupMessages, userNameMaxLength, verificationMessages } from '@reelsmith/contracts';
import { expect, test } from '@playwright/test';
import { confirmedAccount, latestMail, logIn, signUp, uniqueEmail } from './helpers.ts';
import { mailboxLink, operatorHeaders } from './operator.ts';

test('signup refuses mismatched passwords without creating an account', async ({ page }) => {
  const email = uniqueEmail('mismatch');
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill('Mia Park');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
  await page.getByLabel('Confirm Password').fill('correct-horse-2');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toHaveText(signupMessages.passwordsDoNotMatch);
  await expect(page).toHaveURL(/\/signup$/);
  const outbox = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`, { headers: operatorHeaders });
  expect(await outbox.json()).toEqual([]);
});

test('signup refuses a name over 100 characters beside the field, without creating an account', async ({ page }) => {
  const email = uniqueEmail('long-name');
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill('n'.repeat(userNameMaxLength + 1));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
  await page.getByLabel('Confirm Password').fill('correct-horse-1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText(profileMessages.nameTooLong(userNameMaxLength))).toBeVisible();
  await expect(page.getByLabel('Full Name')).toBeFocused();
  await expect(page).toHaveURL(/\/signup$/);
  const outbox = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`, { headers: operatorHeaders });
  expect(await outbox.json()).toEqual([]);
});

test('sign up, confirm through the mailed link, log in, reach the dashboard, sign out', async ({ page }) => {
  const email = uniqueEmail('happy');
  await signUp(page, 'Priya Shah', email, 'correct-horse-1');
  await expect(page.getByRole('status').filter({ hasText: signupMessages.created })).toBeVisible();

  const mail = await latestMail(page.request, email, 'Confirm');
  await page.goto(mailboxLink);
  await page.getByLabel('Recipient').fill(email);
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('link', { name: mail.links[0]! }).click();
  await expect(page).toHaveURL(/\/login\?verified=1/);
  await expect(page.getByText(verificationMessages.verified)).toBeVisible();

  await logIn(page, `  ${email}  `, 'correct-horse-1');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Welcome, Priya Shah (${email})`)).toBeVisible();

  await page.getByRole('button', { name: 'Signout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('login before confirming the email is refused with the verification message', async ({ page }) => {
  const email = uniqueEmail('unconfirmed');
  await signUp(page, 'Sam Lee', email, 'correct-horse-1');
  await logIn(page, email, 'correct-horse-1');
  await expect(page.getByRole('alert')).toHaveText(loginMessages.unconfirmed);
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('wrong password and unknown email get their own messages', async ({ page }) => {
  const { email } = await confirmedAccount(page, 'wrongpw');
  await logIn(page, email, 'not-my-password');
  await expect(page.getByRole('alert')).toHaveText(loginMessages.wrongPassword);
  await logIn(page, uniqueEmail('nobody'), 'whatever-123');
  await expect(page.getByRole('alert')).toHaveText(loginMessages.userNotFound);
});

test('resend verification needs a well-formed email and then mails the link again', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByRole('alert')).toHaveText(resendVerificationMessages.needEmail);

  const email = uniqueEmail('resend');
  await signUp(page, 'Ravi Kumar', email, 'correct-horse-1');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByRole('status').filter({ hasText: resendVerificationMessages.success })).toBeVisible();
  const mails = await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`, { headers: operatorHeaders })).json();
  expect(mails).toHaveLength(2);
});

test('forgot password with an empty email asks for it first', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password' }).click();
  await expect(page.getByRole('alert')).toHaveText(passwordResetMessages.needEmail);
});

test('the full password reset flow ends in a login with the new password', async ({ page }) => {
  const { email } = await confirmedAccount(page, 'reset', 'old-password-1');
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot Password' }).click();
  await expect(page.getByRole('status').filter({ hasText: passwordResetMessages.success })).toBeVisible();

  const mail = await latestMail(page.request, email, 'Reset');
  await page.goto(mail.links[0]!);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New Password', { exact: true }).fill('new-password-2');
  await page.getByLabel('Confirm New Password').fill('new-password-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(passwordResetMessages.changed)).toBeVisible();

  await logIn(page, email, 'old-password-1');
  await expect(page.getByRole('alert')).toHaveText(loginMessages.wrongPassword);
  await logIn(page, email, 'new-password-2');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('sign-up works at another loopback address than the public URL (127.0.0.2)', async ({ page, baseURL }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const loopback = new URL('/signup', baseURL);
  loopback.hostname = '127.0.0.2';
  await page.goto(loopback.toString());
  await page.getByLabel('Full Name').fill('Lan Tester');
  await page.getByLabel('Email').fill(uniqueEmail('loopback'));
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
  await page.getByLabel('Confirm Password').fill('correct-horse-1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('status').filter({ hasText: signupMessages.created })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.2:${loopback.port}/login`));
  expect(consoleErrors).toEqual([]);
});
