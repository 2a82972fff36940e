import {
  authCallbackPaths,
  busyMessages,
  formMessages,
  profileMessages,
  signupMessages,
  simpleEmailPattern,
  userNameMaxLength,
} from '@reelsmith/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { Button, linkClasses } from '../../components/ui/Button.tsx';
import { Notice, type NoticeMessage } from '../../components/ui/Notice.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { accountsApi } from './api.ts';
import { AccountShell } from './AccountShell.tsx';
import type { LoginNoticeState } from './outcomes.ts';
import { signupFailureMessage } from './outcomes.ts';

const fields = [
  { key: 'name', label: 'Full Name', type: 'text', autoComplete: 'name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', hint: formMessages.passwordHint },
  { key: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
] as const;

type FieldKey = (typeof fields)[number]['key'];
type Values = Record<FieldKey, string>;

function fieldError(key: FieldKey, label: string, values: Values): string | undefined {
  const value = key === 'name' || key === 'email' ? values[key].trim() : values[key];
  if (!value) return formMessages.required(label);
  if (key === 'email' && !simpleEmailPattern.test(value)) return formMessages.invalidEmail;
  // The server's bound (it refuses a longer name too), said beside the field before anything is sent.
  if (key === 'name' && value.length > userNameMaxLength) return profileMessages.nameTooLong(userNameMaxLength);
  return undefined;
}

export function SignupPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({ name: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const [outcome, setOutcome] = useState<NoticeMessage | null>(null);
  // Pending until the login page has opened, so the progress stays up until the page changes.
  const signup = useMutation({
    mutationFn: accountsApi.signUp,
    onSuccess: async (answer) => {
      if (answer === 'network' || !answer.ok) return setOutcome({ tone: 'error', text: signupFailureMessage(answer) });
      const state: LoginNoticeState = { notice: { tone: 'success', text: signupMessages.created } };
      await navigate('/login', { state });
    },
  });
  const signingUp = signup.isPending;

  function validateOnBlur(key: FieldKey, label: string) {
    if (!values[key] && !errors[key]) return;
    setErrors((current) => ({ ...current, [key]: fieldError(key, label, values) }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signingUp) return;
    const nextErrors = Object.fromEntries(fields.map(({ key, label }) => [key, fieldError(key, label, values)]));
    setErrors(nextErrors);
    const firstInvalid = fields.find(({ key }) => nextErrors[key]);
    if (firstInvalid) {
      setOutcome(null);
      document.getElementById(`signup-${firstInvalid.key}`)?.focus();
      return;
    }
    if (values.password !== values.confirmPassword) {
      setOutcome({ tone: 'error', text: signupMessages.passwordsDoNotMatch });
      return;
    }
    setOutcome(null);
    signup.mutate({
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      callbackURL: authCallbackPaths.verified,
    });
  }

  return (
    <AccountShell>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Create your account</h1>
      <p className="mt-1 text-muted">All fields are required.</p>
      <form noValidate onSubmit={handleSubmit} className="mt-6 flex flex-col gap-4">
        {outcome && <Notice message={outcome} />}
        {fields.map((field) => (
          <TextField
            key={field.key}
            id={`signup-${field.key}`}
            label={field.label}
            name={field.key}
            type={field.type}
            autoComplete={field.autoComplete}
            hint={'hint' in field ? field.hint : undefined}
            required
            value={values[field.key]}
            error={errors[field.key]}
            onChange={(event) => {
              const value = event.target.value;
              setValues((current) => ({ ...current, [field.key]: value }));
            }}
            onBlur={() => validateOnBlur(field.key, field.label)}
          />
        ))}
        <Button type="submit" className="mt-1 w-full">
          Sign up
        </Button>
      </form>
      <p className="mt-8 text-sm text-muted">
        Already have an account?{' '}
        <Link to="/login" className={linkClasses}>
          Login
        </Link>
      </p>
      {signingUp && <RenderProgress title={busyMessages.signup} />}
    </AccountShell>
  );
}
