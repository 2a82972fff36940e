import {
  authCallbackPaths,
  busyMessages,
  formMessages,
  loginMessages,
  passwordResetMessages,
  resendVerificationMessages,
  simpleEmailPattern,
} from '@reelsmith/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { Button, linkClasses } from '../../components/ui/Button.tsx';
import { Notice, type NoticeMessage } from '../../components/ui/Notice.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { meQueryKey } from '../../lib/session.ts';
import { authApi } from './api.ts';
import { AuthShell } from './AuthShell.tsx';
import { logIn } from './logIn.ts';
import { loginArrivalNotice, passwordResetRequestOutcome, resendVerificationOutcome } from './outcomes.ts';

type SideAction = 'resend' | 'forgot';

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [loggingIn, setLoggingIn] = useState(false);
  const [sideAction, setSideAction] = useState<SideAction | null>(null);
  /** undefined until the user acts: until then the page shows why they arrived (verified, account created...). */
  const [outcome, setOutcome] = useState<NoticeMessage | null>();
  const notice = outcome === undefined ? loginArrivalNotice(searchParams, location.state) : outcome;

  function showError(text: string, field: HTMLInputElement | null) {
    setOutcome({ tone: 'error', text });
    field?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loggingIn) return;
    const trimmedEmail = email.trim();
    const missingPassword = password ? undefined : formMessages.required('Password');
    setPasswordError(missingPassword);
    if (!simpleEmailPattern.test(trimmedEmail)) return showError(loginMessages.invalidEmail, emailRef.current);
    if (missingPassword) {
      setOutcome(null);
      passwordRef.current?.focus();
      return;
    }
    setOutcome(null);
    setLoggingIn(true);
    const result = await logIn({ email: trimmedEmail, password });
    if (result === 'signedIn') {
      await queryClient.invalidateQueries({ queryKey: meQueryKey, refetchType: 'all' });
      await navigate('/dashboard');
      return;
    }
    setLoggingIn(false);
    setOutcome(result);
  }

  async function handleResend() {
    const trimmedEmail = email.trim();
    if (!simpleEmailPattern.test(trimmedEmail)) return showError(resendVerificationMessages.needEmail, emailRef.current);
    setOutcome(null);
    setSideAction('resend');
    const answer = await authApi.resendVerification({ email: trimmedEmail });
    setSideAction(null);
    setOutcome(resendVerificationOutcome(answer));
  }

  async function handleForgot() {
    const trimmedEmail = email.trim();
    if (!trimmedEmail) return showError(passwordResetMessages.needEmail, emailRef.current);
    setOutcome(null);
    setSideAction('forgot');
    const answer = await authApi.requestPasswordReset({ email: trimmedEmail, redirectTo: authCallbackPaths.resetPassword });
    setSideAction(null);
    setOutcome(passwordResetRequestOutcome(answer));
  }

  return (
    <AuthShell>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome back</h1>
      <p className="mt-1 text-muted">Log in to keep creating videos.</p>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="mt-6 flex flex-col gap-4">
        {notice && <Notice message={notice} />}
        <TextField
          ref={emailRef}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          ref={passwordRef}
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          error={passwordError}
          onChange={(event) => {
            setPassword(event.target.value);
            if (event.target.value) setPasswordError(undefined);
          }}
        />
        <Button type="submit" className="mt-1 w-full">
          Login
        </Button>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
          <Button variant="link" onClick={() => void handleResend()} disabled={sideAction !== null}>
            {sideAction === 'resend' ? 'Sending verification email…' : 'Resend verification email'}
          </Button>
          <Button variant="link" onClick={() => void handleForgot()} disabled={sideAction !== null}>
            {sideAction === 'forgot' ? 'Sending reset email…' : 'Forgot Password'}
          </Button>
        </div>
      </form>
      <p className="mt-8 text-sm text-muted">
        New to Reelsmith?{' '}
        <Link to="/signup" className={linkClasses}>
          Sign up
        </Link>
      </p>
      {loggingIn && <RenderProgress title={busyMessages.login} />}
    </AuthShell>
  );
}
