import {
  authCallbackPaths,
  busyMessages,
  formMessages,
  loginMessages,
  passwordResetMessages,
  resendVerificationMessages,
  simpleEmailPattern,
} from '@reelsmith/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { Button, linkClasses } from '../../components/ui/Button.tsx';
import { Notice, type NoticeMessage } from '../../components/ui/Notice.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { meQueryKey } from '../../lib/session.ts';
import { accountsApi } from './api.ts';
import { AccountShell } from './AccountShell.tsx';
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
  /** undefined until the user acts: until then the page shows why they arrived (verified, account created...). */
  const [outcome, setOutcome] = useState<NoticeMessage | null>();
  const notice = outcome === undefined ? loginArrivalNotice(searchParams, location.state) : outcome;

  // Pending until the dashboard has opened, so the progress stays up until the page changes.
  const login = useMutation({
    mutationFn: logIn,
    onSuccess: async (result) => {
      if (result !== 'signedIn') return setOutcome(result);
      await queryClient.invalidateQueries({ queryKey: meQueryKey, refetchType: 'all' });
      await navigate('/dashboard');
    },
  });
  const resend = useMutation({ mutationFn: accountsApi.resendVerification, onSuccess: (answer) => setOutcome(resendVerificationOutcome(answer)) });
  const forgot = useMutation({ mutationFn: accountsApi.requestPasswordReset, onSuccess: (answer) => setOutcome(passwordResetRequestOutcome(answer)) });
  const loggingIn = login.isPending;
  const sideAction: SideAction | null = resend.isPending ? 'resend' : forgot.isPending ? 'forgot' : null;

  function showError(text: string, field: HTMLInputElement | null) {
    setOutcome({ tone: 'error', text });
    field?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
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
    login.mutate({ email: trimmedEmail, password });
  }

  function handleResend() {
    const trimmedEmail = email.trim();
    if (!simpleEmailPattern.test(trimmedEmail)) return showError(resendVerificationMessages.needEmail, emailRef.current);
    setOutcome(null);
    resend.mutate({ email: trimmedEmail });
  }

  function handleForgot() {
    const trimmedEmail = email.trim();
    if (!trimmedEmail) return showError(passwordResetMessages.needEmail, emailRef.current);
    setOutcome(null);
    forgot.mutate({ email: trimmedEmail, redirectTo: authCallbackPaths.resetPassword });
  }

  return (
    <AccountShell>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome back</h1>
      <p className="mt-1 text-muted">Log in to keep creating videos.</p>
      <form noValidate onSubmit={handleSubmit} className="mt-6 flex flex-col gap-4">
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
          <Button variant="link" onClick={handleResend} disabled={sideAction !== null}>
            {sideAction === 'resend' ? 'Sending verification email…' : 'Resend verification email'}
          </Button>
          <Button variant="link" onClick={handleForgot} disabled={sideAction !== null}>
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
    </AccountShell>
  );
}
