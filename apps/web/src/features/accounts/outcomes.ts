import {
  apiErrorBody,
  authErrorBody,
  authErrorCodes,
  formMessages,
  loginMessages,
  newPasswordMessages,
  passwordResetMessages,
  resendVerificationMessages,
  signupMessages,
  verificationMessages,
} from '@reelsmith/contracts';
import type { NoticeMessage } from '../../components/ui/Notice.tsx';
import { readBody } from '../../lib/client.ts';
import type { Answer } from './api.ts';

/** Turns server answers into the SPEC §8 texts. Pure, so every branch is unit-tested. */

const failure = (text: string): NoticeMessage => ({ tone: 'error', text });
const success = (text: string): NoticeMessage => ({ tone: 'success', text });

function authError(answer: Answer) {
  return answer === 'network' ? null : readBody(authErrorBody, answer.body);
}

export function loginFailureMessage(answer: Answer): string {
  if (answer === 'network') return loginMessages.network;
  const code = authError(answer)?.code;
  if (code === authErrorCodes.accountDisabled) return loginMessages.disabled;
  if (code === authErrorCodes.emailNotVerified) return loginMessages.unconfirmed;
  if (code === authErrorCodes.invalidEmail || answer.status === 400) return loginMessages.invalidEmail;
  if (code === authErrorCodes.invalidCredentials || answer.status === 401) return loginMessages.wrongPassword;
  if (code === authErrorCodes.userNotFound || answer.status === 404) return loginMessages.userNotFound;
  if (answer.status === 429) return loginMessages.tooManyRequests;
  return loginMessages.other;
}

export function resendVerificationOutcome(answer: Answer): NoticeMessage {
  if (answer === 'network') return failure(resendVerificationMessages.network);
  if (answer.ok) return success(readBody(authErrorBody, answer.body)?.message || resendVerificationMessages.success);
  const serverText = readBody(apiErrorBody, answer.body)?.error;
  return failure(serverText || resendVerificationMessages.byStatus[answer.status] || resendVerificationMessages.other);
}

export function passwordResetRequestOutcome(answer: Answer): NoticeMessage {
  if (answer === 'network') return failure(passwordResetMessages.other);
  if (answer.ok) return success(passwordResetMessages.success);
  if (answer.status === 404) return failure(passwordResetMessages.userNotFound);
  if (answer.status === 400) return failure(passwordResetMessages.invalidEmail);
  if (answer.status === 429) return failure(passwordResetMessages.tooManyRequests);
  return failure(passwordResetMessages.other);
}

function serverReason(answer: Answer): string {
  if (answer === 'network') return formMessages.network;
  return authError(answer)?.message || readBody(apiErrorBody, answer.body)?.error || formMessages.unexpected;
}

export function signupFailureMessage(answer: Answer): string {
  return signupMessages.failed(serverReason(answer));
}

/** An invalid or expired token gets its own screen; anything else is a message beside the form. */
export function newPasswordFailure(answer: Answer): NoticeMessage | 'invalidLink' {
  if (answer !== 'network' && authError(answer)?.code === 'INVALID_TOKEN') return 'invalidLink';
  return failure(newPasswordMessages.failed(serverReason(answer)));
}

/** What a state-carried notice looks like when one page hands the user to /login with news. */
export interface LoginNoticeState {
  notice: NoticeMessage;
}

function isLoginNoticeState(state: unknown): state is LoginNoticeState {
  if (typeof state !== 'object' || state === null) return false;
  const notice = (state as { notice?: Partial<NoticeMessage> }).notice;
  return typeof notice?.text === 'string' && (notice.tone === 'error' || notice.tone === 'success');
}

/** The message /login opens with: news handed over by another page, else the outcome of a mail link. */
export function loginArrivalNotice(search: URLSearchParams, state: unknown): NoticeMessage | null {
  if (isLoginNoticeState(state)) return state.notice;
  if (search.has('error')) return failure(verificationMessages.invalidLink);
  if (search.get('verified') === '1') return success(verificationMessages.verified);
  return null;
}
