import { finalVideoTexts, uploadPolicies, type FinalVideoCost } from '@reelsmith/contracts';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import type { FinalVideoState } from './useFinalVideo.ts';

/** SPEC §2 optional credits/CTA image: images only, shown as a thumbnail before it is sent with the final video. */
export function CtaImagePicker(props: { file: File | null; onChange: (file: File | null) => void }) {
  const inputId = useId();
  const hintId = useId();
  const [error, setError] = useState<string | null>(null);
  const [thumbnail, setThumbnail] = useState<string | null>(null);
  const policy = uploadPolicies['cta-image'];

  useEffect(() => {
    if (!props.file) return setThumbnail(null);
    const url = URL.createObjectURL(props.file);
    setThumbnail(url);
    return () => URL.revokeObjectURL(url);
  }, [props.file]);

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The server checks the bytes again; this only answers at once.
    if (!file.type.startsWith('image/')) return setError(policy.wrongTypeMessage);
    if (file.size > policy.maxBytes) return setError(policy.tooLargeMessage());
    setError(null);
    props.onChange(file);
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-semibold">
        Credits / CTA image (optional)
      </label>
      <p id={hintId} className="text-xs text-muted">
        Shown for 3 seconds at the end of the video.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {thumbnail && props.file && (
          <>
            <img src={thumbnail} alt={`Closing image: ${props.file.name}`} className="h-24 w-auto rounded-lg object-cover ring-1 ring-black/10" />
            <Button variant="secondary" onClick={() => props.onChange(null)}>
              Remove image
            </Button>
          </>
        )}
        <input
          id={inputId}
          type="file"
          accept="image/*"
          aria-describedby={hintId}
          onChange={pick}
          className="text-sm file:mr-3 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
        />
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The final step's switch that puts the user's dashboard logo on this video. Without a logo there is nothing to add:
 * the switch is off and disabled, and says where a logo comes from. Unknown while the cost is loading: left as it is.
 */
export function LogoSwitch(props: { checked: boolean; hasLogo: boolean | undefined; onChange: (checked: boolean) => void }) {
  const hintId = useId();
  const missing = props.hasLogo === false;
  return (
    <div className="flex flex-col gap-1">
      <label className={`flex items-center gap-3 text-sm font-semibold ${missing ? 'text-muted' : ''}`}>
        <input
          type="checkbox"
          role="switch"
          checked={props.checked && !missing}
          disabled={missing}
          aria-describedby={hintId}
          onChange={(event) => props.onChange(event.target.checked)}
          className="size-5 accent-accent"
        />
        {finalVideoTexts.logoSwitch}
      </label>
      <p id={hintId} className="text-xs text-muted">
        {missing ? (
          <>
            {finalVideoTexts.noLogoHint} <Link to="/dashboard" className="font-semibold text-accent underline">Go to the dashboard</Link>
          </>
        ) : (
          finalVideoTexts.logoHint
        )}
      </p>
    </div>
  );
}

/**
 * The brand's end card (issue 32): shown only when the project's brand has a line for it, on by default, with the
 * line it ends with. Unchecked, this video ends without it.
 */
export function EndCardSwitch(props: { checked: boolean; text: string | undefined; brandName: string | undefined; onChange: (checked: boolean) => void }) {
  const hintId = useId();
  const text = props.text?.trim();
  if (!text) return null;
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-center gap-3 text-sm font-semibold">
        <input type="checkbox" checked={props.checked} aria-describedby={hintId} onChange={(event) => props.onChange(event.target.checked)} className="size-5 accent-accent" />
        End card
      </label>
      <p id={hintId} className="text-xs text-muted">
        Ends with: {text}
        {props.brandName ? ` (${props.brandName}'s end card)` : ''}
      </p>
    </div>
  );
}

/** Beside the Final Video button: whether this render uses a video credit or is a free re-render. */
export function FinalVideoCostNote({ id, cost }: { id: string; cost: FinalVideoCost | undefined }) {
  if (!cost) return null;
  return (
    <p id={id} className={`text-sm ${cost.uses_credit ? 'font-medium text-ink' : 'text-muted'}`}>
      {finalVideoTexts.cost(cost)}
    </p>
  );
}

/** SPEC §2: the finished video, playable, to download or to leave for the dashboard. */
export function FinalVideoResult({ url, fileName, onEdit }: { url: string; fileName: string; onEdit: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="final-video-heading" className="mx-auto flex max-w-sm flex-col items-center gap-4">
      <h1 id="final-video-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight sm:text-3xl">
        Your video is ready
      </h1>
      <video controls playsInline preload="metadata" src={url} aria-label="Final video" className="aspect-[9/16] w-full rounded-2xl bg-black object-contain shadow-md" />
      <div className="flex w-full flex-wrap items-center justify-center gap-3">
        <a href={url} download={fileName} className="inline-flex items-center justify-center rounded-lg bg-accent px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-accent-strong">
          Download
        </a>
        <Link to="/dashboard" className="inline-flex items-center justify-center rounded-lg border border-gray-300 bg-white px-4 py-2 font-semibold text-ink hover:bg-gray-50">
          Back to dashboard
        </Link>
        <Button variant="link" onClick={onEdit}>
          Edit subtitles
        </Button>
      </div>
    </section>
  );
}

export function FinalVideoError({ state }: { state: FinalVideoState }) {
  return state.kind === 'failed' ? <Notice message={{ tone: 'error', text: state.message }} /> : null;
}
