import { dashboardTexts, uploadPolicies, type Brand } from '@reelsmith/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { Button, secondaryClasses } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { formatBytes } from '../../lib/bytes.ts';
import { shownText } from '../../lib/client.ts';
import { removeBrandLogo, uploadBrandFont, uploadBrandLogo } from './api.ts';
import { brandTexts } from './brandForm.ts';

const fontTypes = '.ttf,.otf,.woff2,font/ttf,font/otf,font/woff2';
const fontMaxBytes = 5 * 1024 * 1024;

function Failure({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="text-sm font-medium text-red-700">
      {text}
    </p>
  ) : null;
}

/** The brand's logo: pick an image to upload it at once (the server checks it again), or remove it. */
export function LogoUpload({ brand, onChanged }: { brand: Brand; onChanged: (logoUrl: string | null) => void }) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const policy = uploadPolicies.logo;
  const upload = useMutation({
    mutationFn: (file: File) => uploadBrandLogo(brand.id, file),
    onSuccess: (url) => onChanged(url),
    onError: (failure) => setError(shownText(failure, 'Upload failed')),
  });
  const removal = useMutation({
    mutationFn: () => removeBrandLogo(brand.id),
    onSuccess: () => onChanged(null),
    onError: (failure) => setError(shownText(failure, 'The logo could not be removed.')),
  });
  const busy = upload.isPending || removal.isPending;

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) return setError(policy.wrongTypeMessage);
    if (file.size > policy.maxBytes) return setError(policy.tooLargeMessage());
    upload.mutate(file);
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        {brand.logo_url ? (
          <img src={brand.logo_url} alt={`${brand.name} logo`} className="size-16 shrink-0 rounded-lg bg-gray-50 object-contain ring-1 ring-gray-200" />
        ) : (
          <span className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-gray-50 text-xs text-muted ring-1 ring-gray-200">No logo</span>
        )}
        <label htmlFor={inputId} className={`${secondaryClasses} cursor-pointer has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-accent`}>
          {brand.logo_url ? 'Replace logo' : 'Upload logo'}
          <input id={inputId} type="file" accept="image/*" className="sr-only" onChange={pick} disabled={busy} aria-describedby={`${inputId}-hint`} />
        </label>
        {brand.logo_url && (
          <Button variant="secondary" disabled={busy} onClick={() => (setError(null), removal.mutate())}>
            Remove logo
          </Button>
        )}
      </div>
      <p id={`${inputId}-hint`} className="text-xs text-muted">
        {dashboardTexts.logoHint}. A transparent PNG looks best over video.
      </p>
      {busy && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="size-4" />
          {upload.isPending ? `Uploading ${upload.variables.name} (${formatBytes(upload.variables.size)})` : 'Removing the logo'}
        </p>
      )}
      <Failure text={error} />
    </div>
  );
}

/** Lets this browser draw the family at once from the file just sent, even where the font is not installed. */
async function installLocally(family: string, file: File): Promise<void> {
  try {
    const face = new FontFace(family, await file.arrayBuffer());
    document.fonts.add(await face.load());
  } catch {
    // The preview then falls back to the interface font; the render has the font either way.
  }
}

/** The brand's own font, taken only with the user's word that they may use it. */
export function FontUpload({ brand, onUploaded }: { brand: Brand; onUploaded: (brand: Brand) => void }) {
  const inputId = useId();
  const licenceId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [licensed, setLicensed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (picked: File) => uploadBrandFont(brand.id, picked),
    onSuccess: async (updated, picked) => {
      if (updated.uploaded_font) await installLocally(updated.uploaded_font, picked);
      setFile(null);
      setLicensed(false);
      onUploaded(updated);
    },
    onError: (failure) => setError(shownText(failure, 'Upload failed')),
  });
  const reason = !file ? brandTexts.fontNeedsFile : !licensed ? brandTexts.fontNeedsLicence : null;

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    event.target.value = '';
    setError(null);
    if (picked && picked.size > fontMaxBytes) return setError('The font must be at most 5 MB.');
    setFile(picked);
  }

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-gray-200 p-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-semibold">
          Your own font
        </label>
        <input
          id={inputId}
          type="file"
          accept={fontTypes}
          aria-describedby={`${inputId}-hint`}
          onChange={pick}
          className="text-sm file:mr-3 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
        />
        <p id={`${inputId}-hint`} className="text-xs text-muted">
          {brand.uploaded_font ? `Uploaded: ${brand.uploaded_font}. A new file replaces it. ` : ''}
          {brandTexts.fontHint}
        </p>
        {file && (
          <p className="text-sm">
            {file.name} ({formatBytes(file.size)})
          </p>
        )}
      </div>
      <label htmlFor={licenceId} className="flex items-start gap-3 text-sm">
        <input id={licenceId} type="checkbox" required checked={licensed} onChange={(event) => setLicensed(event.target.checked)} className="mt-0.5 size-5 shrink-0 accent-accent" />
        {brandTexts.licence}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" disabled={reason !== null || upload.isPending} aria-describedby={reason ? `${inputId}-reason` : undefined} onClick={() => file && (setError(null), upload.mutate(file))}>
          Upload font
        </Button>
        {reason && (
          <span id={`${inputId}-reason`} className="text-xs text-muted">
            {reason}
          </span>
        )}
        {upload.isPending && (
          <span role="status" className="flex items-center gap-2 text-sm text-muted">
            <Spinner className="size-4" />
            Uploading the font
          </span>
        )}
      </div>
      <Failure text={error} />
    </div>
  );
}
