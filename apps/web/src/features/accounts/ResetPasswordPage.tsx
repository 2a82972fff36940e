import { busyMessages, formMessages, passwordResetMessages } from '@reelsmith/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { Button, linkClasses } from '../../components/ui/Button.tsx';
import { Notice, type NoticeMessage } from '../../components/ui/Notice.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { accountsApi } from './api.ts';
import { AccountShell } from './AccountShell.tsx';
import { newPasswordFailure, type LoginNoticeState } from './outcomes.ts';

const newLabel = 'New Password';
const confirmLabel = 'Confirm New Password';

/** Where the reset mail's link lands: /reset-password?token=... (or ?error=... when the link was bad). */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token');
  const [linkRejected, setLinkRejected] = useState(false);
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string; confirmPassword?: string }>({});
  const [outcome, setOutcome] = useState<NoticeMessage | null>(null);
  // Pending until the login page has opened, so the form stays busy until the page changes.
  const reset = useMutation({
    mutationFn: accountsApi.resetPassword,
    onSuccess: async (answer) => {
      if (answer !== 'network' && answer.ok) {
        const state: LoginNoticeState = { notice: { tone: 'success', text: passwordResetMessages.changed } };
        return navigate('/login', { state });
      }
      const failure = newPasswordFailure(answer);
      if (failure === 'invalidLink') setLinkRejected(true);
      else setOutcome(failure);
    },
  });
  const saving = reset.isPending;

  if (!token || searchParams.has('error') || linkRejected) {
    return (
      <AccountShell>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Reset your password</h1>
        <Notice className="mt-6" message={{ tone: 'error', text: passwordResetMessages.invalidLink }} />
        <p className="mt-6 text-sm">
          <Link to="/login" className={linkClasses}>
            Back to login
          </Link>
        </p>
      </AccountShell>
    );
  }
  const resetToken = token;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const nextErrors = {
      newPassword: newPassword ? undefined : formMessages.required(newLabel),
      confirmPassword: confirmPassword ? undefined : formMessages.required(confirmLabel),
    };
    setErrors(nextErrors);
    if (nextErrors.newPassword || nextErrors.confirmPassword) {
      setOutcome(null);
      return;
    }
    if (newPassword !== confirmPassword) {
      setOutcome({ tone: 'error', text: passwordResetMessages.passwordsDoNotMatch });
      return;
    }
    setOutcome(null);
    reset.mutate({ newPassword, token: resetToken });
  }

  return (
    <AccountShell>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Set a new password</h1>
      <p className="mt-1 text-muted">Type it twice so we know it is right.</p>
      <form noValidate onSubmit={handleSubmit} className="mt-6 flex flex-col gap-4">
        {outcome && <Notice message={outcome} />}
        <TextField
          label={newLabel}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          hint={formMessages.passwordHint}
          value={newPassword}
          error={errors.newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
        />
        <TextField
          label={confirmLabel}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          value={confirmPassword}
          error={errors.confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        <Button type="submit" className="mt-1 w-full">
          Set new password
        </Button>
      </form>
      <p className="mt-8 text-sm text-muted">
        Remembered it?{' '}
        <Link to="/login" className={linkClasses}>
          Back to login
        </Link>
      </p>
      {saving && <RenderProgress title={busyMessages.newPassword} />}
    </AccountShell>
  );
}
