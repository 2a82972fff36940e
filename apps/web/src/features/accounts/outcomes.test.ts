import {
  loginMessages,
  passwordResetMessages,
  resendVerificationMessages,
  signupMessages,
  verificationMessages,
} from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';
import type { Answer } from './api.ts';
import {
  loginArrivalNotice,
  loginFailureMessage,
  newPasswordFailure,
  passwordResetRequestOutcome,
  resendVerificationOutcome,
  signupFailureMessage,
} from './outcomes.ts';

const answer = (status: number, body: unknown = null): Answer => ({ ok: status < 300, status, body });

describe('loginFailureMessage', () => {
  it.each([
    [answer(400, { code: 'INVALID_EMAIL', message: 'Invalid email' }), loginMessages.invalidEmail],
    [answer(401, { code: 'INVALID_EMAIL_OR_PASSWORD' }), loginMessages.wrongPassword],
    [answer(404, { code: 'USER_NOT_FOUND' }), loginMessages.userNotFound],
    [answer(403, { code: 'ACCOUNT_DISABLED' }), loginMessages.disabled],
    [answer(403, { code: 'EMAIL_NOT_VERIFIED' }), loginMessages.unconfirmed],
    [answer(429, { message: 'Too many requests' }), loginMessages.tooManyRequests],
    [answer(500), loginMessages.other],
    [answer(403, { code: 'SOMETHING_NEW' }), loginMessages.other],
    ['network' as const, loginMessages.network],
  ])('maps %j', (given, expected) => {
    expect(loginFailureMessage(given)).toBe(expected);
  });
});

describe('resendVerificationOutcome', () => {
  it('prefers the server text on success and on failure', () => {
    expect(resendVerificationOutcome(answer(200, { message: 'Sent!' }))).toEqual({ tone: 'success', text: 'Sent!' });
    expect(resendVerificationOutcome(answer(400, { error: 'Nope' }))).toEqual({ tone: 'error', text: 'Nope' });
  });

  it('falls back to the catalogue by status', () => {
    expect(resendVerificationOutcome(answer(200)).text).toBe(resendVerificationMessages.success);
    expect(resendVerificationOutcome(answer(503)).text).toBe(resendVerificationMessages.byStatus[503]);
    expect(resendVerificationOutcome(answer(418)).text).toBe(resendVerificationMessages.other);
    expect(resendVerificationOutcome('network')).toEqual({ tone: 'error', text: resendVerificationMessages.network });
  });
});

describe('passwordResetRequestOutcome', () => {
  it.each([
    [answer(200, { status: true }), 'success', passwordResetMessages.success],
    [answer(404), 'error', passwordResetMessages.userNotFound],
    [answer(400), 'error', passwordResetMessages.invalidEmail],
    [answer(429), 'error', passwordResetMessages.tooManyRequests],
    [answer(500), 'error', passwordResetMessages.other],
    ['network' as const, 'error', passwordResetMessages.other],
  ])('maps %j', (given, tone, text) => {
    expect(passwordResetRequestOutcome(given)).toEqual({ tone, text });
  });
});

describe('signupFailureMessage', () => {
  it('quotes the server reason', () => {
    const given = answer(422, { code: 'USER_ALREADY_EXISTS', message: 'User already exists. Use another email.' });
    expect(signupFailureMessage(given)).toBe(signupMessages.failed('User already exists. Use another email.'));
    expect(signupFailureMessage(answer(400, { error: 'Invalid request.' }))).toBe(signupMessages.failed('Invalid request.'));
    expect(signupFailureMessage('network')).toBe(signupMessages.failed(loginMessages.network));
  });
});

describe('newPasswordFailure', () => {
  it('sends an invalid token to the invalid-link screen', () => {
    expect(newPasswordFailure(answer(400, { code: 'INVALID_TOKEN', message: 'Invalid token' }))).toBe('invalidLink');
    expect(newPasswordFailure(answer(400, { code: 'PASSWORD_TOO_SHORT', message: 'Password too short' }))).toEqual({
      tone: 'error',
      text: "Couldn't set your new password: Password too short",
    });
  });
});

describe('loginArrivalNotice', () => {
  const search = (query: string) => new URLSearchParams(query);

  it('reads mail-link outcomes, the error winning over verified', () => {
    expect(loginArrivalNotice(search('verified=1'), null)).toEqual({ tone: 'success', text: verificationMessages.verified });
    expect(loginArrivalNotice(search('verified=1&error=INVALID_TOKEN'), null)).toEqual({
      tone: 'error',
      text: verificationMessages.invalidLink,
    });
    expect(loginArrivalNotice(search(''), null)).toBeNull();
  });

  it('prefers news handed over in router state and ignores malformed state', () => {
    const notice = { tone: 'success', text: signupMessages.created };
    expect(loginArrivalNotice(search('verified=1'), { notice })).toEqual(notice);
    expect(loginArrivalNotice(search(''), { notice: { tone: 'loud', text: 1 } })).toBeNull();
  });
});
