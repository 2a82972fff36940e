import { isEmailConfirmedResponse, loginMessages, type SignInEmailRequest } from '@reelsmith/contracts';
import type { NoticeMessage } from '../../components/ui/Notice.tsx';
import { readBody } from '../../lib/client.ts';
import { accountsApi } from './api.ts';
import { loginFailureMessage } from './outcomes.ts';

/**
 * SPEC §4 Login: sign in, then check the email-confirmed flag; an unconfirmed account is signed out again
 * and told to verify. Resolves to 'signedIn' or the message to show.
 */
export async function logIn(credentials: SignInEmailRequest): Promise<'signedIn' | NoticeMessage> {
  const signIn = await accountsApi.signIn(credentials);
  if (signIn === 'network' || !signIn.ok) return { tone: 'error', text: loginFailureMessage(signIn) };

  const check = await accountsApi.isEmailConfirmed({ email: credentials.email });
  const confirmed = check !== 'network' && check.ok ? readBody(isEmailConfirmedResponse, check.body)?.confirmed : undefined;
  if (confirmed === true) return 'signedIn';

  await accountsApi.signOut();
  if (confirmed === false) return { tone: 'error', text: loginMessages.unconfirmed };
  return { tone: 'error', text: check === 'network' ? loginMessages.network : loginMessages.other };
}
