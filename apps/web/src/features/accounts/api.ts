import { accountEndpoints, type AnyEndpoint } from '@reelsmith/contracts';
import { ApiError, call, type CallInput } from '../../lib/client.ts';

/** A server answer of any status, as the sign-in and sign-up outcomes read it. */
export interface ApiResult {
  ok: boolean;
  status: number;
  body: unknown;
}

/** A server answer of any status, or 'network' when no answer came. */
export type Answer = ApiResult | 'network';

// None of these paths has parameters, so the options argument is not needed.
const callWithoutParams = call as <E extends AnyEndpoint>(endpoint: E, input: CallInput<E>) => Promise<unknown>;

/** better-auth's answers carry their meaning in status and `code`, so the outcome reads them whole (outcomes.ts). */
async function settle<E extends AnyEndpoint>(endpoint: E, input: CallInput<E>): Promise<Answer> {
  try {
    return { ok: true, status: 200, body: await callWithoutParams(endpoint, input) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return error.unreachable ? 'network' : { ok: false, status: error.status, body: error.body ?? null };
  }
}

export const accountsApi = {
  signIn: (body: CallInput<typeof accountEndpoints.signIn>) => settle(accountEndpoints.signIn, body),
  signOut: () => settle(accountEndpoints.signOut, {}),
  isEmailConfirmed: (body: CallInput<typeof accountEndpoints.isEmailConfirmed>) => settle(accountEndpoints.isEmailConfirmed, body),
  signUp: (body: CallInput<typeof accountEndpoints.signUp>) => settle(accountEndpoints.signUp, body),
  resendVerification: (body: CallInput<typeof accountEndpoints.sendVerificationEmail>) => settle(accountEndpoints.sendVerificationEmail, body),
  requestPasswordReset: (body: CallInput<typeof accountEndpoints.requestPasswordReset>) => settle(accountEndpoints.requestPasswordReset, body),
  resetPassword: (body: CallInput<typeof accountEndpoints.resetPassword>) => settle(accountEndpoints.resetPassword, body),
};
