import { accountDataMessages, accountExportLimit, type SessionUser } from '@reelsmith/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import { Notice, type NoticeMessage } from '../../components/ui/Notice.tsx';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { CallFailure, shownText } from '../../lib/client.ts';
import { useSession } from '../../lib/session.ts';
import { deleteMyAccount, downloadMyData } from './api.ts';

const card = 'rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6';
/** The one action here that cannot be undone, in red (kept here: no other page has one). */
const dangerButton =
  'inline-flex items-center justify-center self-start rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';

function DownloadSection() {
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const exporting = useMutation({
    mutationFn: downloadMyData,
    onMutate: () => setNotice(null),
    onSuccess: () => setNotice({ tone: 'success', text: accountDataMessages.exportReady }),
    onError: (error) => setNotice({ tone: 'error', text: shownText(error, accountDataMessages.exportFailed) }),
  });
  return (
    <section aria-labelledby="download-heading" className={card}>
      <h2 id="download-heading" className="text-lg font-bold text-ink">
        Download my data
      </h2>
      <p className="mt-2 text-sm text-muted">
        One ZIP file with everything Reelsmith keeps about you: your profile and sign-ins, business profile, plan and usage, purchases, invoices
        (as PDFs too), projects, ideas, and every file you uploaded or Reelsmith made for you. You can download it {accountExportLimit.max} times
        an hour.
      </p>
      <div className="mt-4 flex flex-col items-start gap-3">
        <Button onClick={() => exporting.mutate()} disabled={exporting.isPending} aria-describedby={exporting.isPending ? 'download-busy' : undefined}>
          {exporting.isPending ? 'Preparing…' : 'Download my data'}
        </Button>
        {exporting.isPending && (
          <p id="download-busy" role="status" className="flex items-center gap-2 text-sm text-muted">
            <Spinner /> {accountDataMessages.preparingExport}
          </p>
        )}
        {notice && <Notice message={notice} />}
      </div>
    </section>
  );
}

function DeleteSection() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [confirmError, setConfirmError] = useState<string>();
  const [notice, setNotice] = useState<NoticeMessage | null>(null);

  const deletion = useMutation({
    mutationFn: deleteMyAccount,
    onSuccess: async (answer) => {
      // Nothing of the account may linger in this tab: the cache goes, and /login says what happened.
      queryClient.clear();
      await navigate('/login', { replace: true, state: { notice: { tone: 'success', text: answer.message } } });
    },
    onError: (error) => {
      const text = shownText(error, accountDataMessages.deleteFailed);
      if (error instanceof CallFailure && error.field === 'password') {
        setPasswordError(text);
        passwordRef.current?.focus();
        return;
      }
      setNotice({ tone: 'error', text });
    },
  });

  const confirmationProblem = (value: string) => (value === accountDataMessages.confirmWord ? undefined : accountDataMessages.confirmationRequired);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (deletion.isPending) return;
    setNotice(null);
    const missingPassword = password ? undefined : accountDataMessages.passwordRequired;
    const wrongConfirmation = confirmationProblem(confirmation);
    setPasswordError(missingPassword);
    setConfirmError(wrongConfirmation);
    if (missingPassword) return passwordRef.current?.focus();
    if (wrongConfirmation) return confirmRef.current?.focus();
    deletion.mutate(password);
  }

  return (
    <section aria-labelledby="delete-heading" className={`${card} border-red-200`}>
      <h2 id="delete-heading" className="text-lg font-bold text-red-800">
        Delete account
      </h2>
      <div className="mt-2 space-y-2 text-sm text-muted">
        <p>This cannot be undone. Deleting your account:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>cancels your subscription straight away, with no further charges;</li>
          <li>stops any video still being made;</li>
          <li>deletes your projects, videos, uploads, ideas, business profile and sign-ins.</li>
        </ul>
        <p>
          Invoices and credit notes are kept, as tax law requires, with the name and email they were issued to. Download your data first if you
          want a copy.
        </p>
      </div>
      <form noValidate onSubmit={handleSubmit} className="mt-5 flex max-w-md flex-col gap-4">
        {notice && <Notice message={notice} />}
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
        <TextField
          ref={confirmRef}
          label={`Type ${accountDataMessages.confirmWord} to confirm`}
          name="confirmation"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          // The error takes the hint's place, so the button below does not move under a click that blurs the field.
          hint={confirmError ? undefined : 'In capital letters.'}
          value={confirmation}
          error={confirmError}
          onChange={(event) => {
            setConfirmation(event.target.value);
            if (confirmError && !confirmationProblem(event.target.value)) setConfirmError(undefined);
          }}
          onBlur={() => setConfirmError(confirmation ? confirmationProblem(confirmation) : undefined)}
        />
        <button type="submit" className={dangerButton}>
          Delete my account
        </button>
      </form>
      {deletion.isPending && <RenderProgress title={accountDataMessages.deleting} />}
    </section>
  );
}

function Account({ user }: { user: SessionUser }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Your account and data</h1>
        <p className="mt-1 text-muted [overflow-wrap:anywhere]">
          Signed in as {user.name} ({user.email})
        </p>
      </div>
      <DownloadSection />
      <DeleteSection />
    </div>
  );
}

export function AccountPage() {
  const { data: user } = useSession();
  // RequireSession renders this page only once the session is known.
  return user ? <Account user={user} /> : null;
}
