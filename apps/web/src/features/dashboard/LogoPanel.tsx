import { dashboardMessages, dashboardTexts, uploadMessages, uploadPolicies } from '@reelsmith/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type DragEvent } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { shownText } from '../../lib/client.ts';
import { removeLogo, uploadLogo } from './api.ts';
import { formatBytes } from '../../lib/bytes.ts';
import { useSetLogo } from './queries.ts';

/** The zone shows the focus ring of the visually hidden file input inside it. */
const dropZoneClasses =
  'flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed px-4 py-5 text-center ' +
  'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-accent';

type Work = { kind: 'uploading'; file: File } | { kind: 'removing' } | null;

/** SPEC §2 logo panel: drop or pick an image (checked again on the server), see it, remove it. */
export function LogoPanel({ email, logo }: { email: string; logo: string | null }) {
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  const setLogo = useSetLogo(email);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const policy = uploadPolicies.logo;
  const upload = useMutation({
    mutationFn: (file: File) => uploadLogo(email, file),
    onSuccess: setLogo,
    onError: (failure) => setError(shownText(failure, uploadMessages.failed)),
  });
  const removal = useMutation({
    mutationFn: () => removeLogo(email),
    onSuccess: () => setLogo(null),
    onError: () => setError(dashboardMessages.logoRemoveFailed),
  });
  const work: Work = upload.isPending ? { kind: 'uploading', file: upload.variables } : removal.isPending ? { kind: 'removing' } : null;

  function send(file: File) {
    setError(null);
    // The same checks the server makes, here only to answer at once; the server decides.
    if (!file.type.startsWith('image/')) return setError(policy.wrongTypeMessage);
    if (file.size > policy.maxBytes) return setError(policy.tooLargeMessage());
    upload.mutate(file);
  }

  function remove() {
    setError(null);
    removal.mutate();
  }

  function handlePick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again still counts as a change.
    event.target.value = '';
    if (file) send(file);
  }

  function handleDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !work) send(file);
  }

  // A plain box, not a named region: the heading names the file input, and "Logo" should name one control only.
  return (
    <div className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6">
      <h2 id={titleId} className="text-lg font-semibold">
        Logo
      </h2>
      {logo && (
        <div className="flex items-center gap-4">
          <img src={logo} alt="Your logo" className="size-20 shrink-0 rounded-lg bg-gray-50 object-contain ring-1 ring-gray-200" />
          <Button variant="secondary" onClick={remove} disabled={work !== null}>
            Remove
          </Button>
        </div>
      )}
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={handleDrop}
        className={`${dropZoneClasses} ${dragging ? 'border-accent bg-accent-soft' : 'border-gray-300 hover:border-accent'}`}
      >
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-labelledby={titleId}
          aria-describedby={hintId}
          onChange={handlePick}
          disabled={work !== null}
        />
        <span className="text-sm">
          Drag and drop an image here, or <span className="font-semibold text-accent underline">choose a file</span>
        </span>
        <span id={hintId} className="text-xs text-muted">
          {logo ? `Replaces the current logo. ${dashboardTexts.logoHint}` : dashboardTexts.logoHint}
        </span>
      </label>
      {work && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="size-4" />
          {work.kind === 'uploading' ? `Uploading ${work.file.name} (${formatBytes(work.file.size)})` : 'Removing the logo'}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
