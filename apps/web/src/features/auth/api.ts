import type {
  IsEmailConfirmedRequest,
  RequestPasswordResetRequest,
  ResetPasswordRequest,
  SendVerificationEmailRequest,
  SignInEmailRequest,
  SignUpEmailRequest,
} from '@reelsmith/contracts';
import { apiPost, NetworkError, type ApiResult } from '../../lib/api.ts';
import { signOut } from '../../lib/session.ts';

/** A server answer of any status, or 'network' when no answer came. */
export type Answer = ApiResult | 'network';

async function settle(request: Promise<ApiResult>): Promise<Answer> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof NetworkError) return 'network';
    throw error;
  }
}

export const authApi = {
  signIn: (body: SignInEmailRequest) => settle(apiPost('/api/auth/sign-in/email', body)),
  signOut: () => settle(signOut()),
  isEmailConfirmed: (body: IsEmailConfirmedRequest) => settle(apiPost('/api/is-email-confirmed', body)),
  signUp: (body: SignUpEmailRequest) => settle(apiPost('/api/auth/sign-up/email', body)),
  resendVerification: (body: SendVerificationEmailRequest) => settle(apiPost('/api/send-verification-email', body)),
  requestPasswordReset: (body: RequestPasswordResetRequest) =>
    settle(apiPost('/api/auth/request-password-reset', body)),
  resetPassword: (body: ResetPasswordRequest) => settle(apiPost('/api/auth/reset-password', body)),
};
