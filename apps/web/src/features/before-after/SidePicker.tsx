import { aiVideoMessages, beforeAfterPromptMax, beforeAfterTexts, type BeforeAfterSide } from '@reelsmith/contracts';
import { useId } from 'react';
import { FileDropZone } from '../../components/ui/FileDropZone.tsx';
import { TextAreaField } from '../../components/ui/TextAreaField.tsx';
import { formatBytes } from '../../lib/bytes.ts';
import type { SideDraft } from './sides.ts';

interface SidePickerProps {
  side: BeforeAfterSide;
  draft: SideDraft;
  onChange(draft: SideDraft): void;
  /** SPEC §4: 'image to video' is offered only while AI credits remain. */
  aiAvailable: boolean;
  /** The generator is the offline motion renderer: say so where the user picks it (issue 14 §1). */
  offline: boolean;
  promptError?: string;
}

const heading = (side: BeforeAfterSide) => (side === 'before' ? 'Before' : 'After');

/** One side of the video: what kind of file, the file with its preview, and for an image the AI option and its prompt. */
export function SidePicker({ side, draft, onChange, aiAvailable, offline, promptError }: SidePickerProps) {
  const headingId = useId();
  const name = heading(side);
  const pick = (files: File[]) => {
    const file = files.find((candidate) => candidate.type.startsWith(`${draft.kind}/`));
    if (file) onChange({ ...draft, file, previewUrl: URL.createObjectURL(file) });
  };
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {name}
      </h2>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold">{name} file type</legend>
        <div className="flex gap-4">
          {(['image', 'video'] as const).map((kind) => (
            <label key={kind} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${headingId}-kind`}
                checked={draft.kind === kind}
                onChange={() => onChange({ kind, file: null, previewUrl: null, imageToVideo: false, prompt: draft.prompt })}
                className="size-4 accent-accent"
              />
              {kind === 'image' ? 'Image' : 'Video'}
            </label>
          ))}
        </div>
      </fieldset>
      <FileDropZone
        title={`Drop the ${side} ${draft.kind} here or choose it`}
        hint={beforeAfterTexts.zoneHint}
        inputLabel={`Choose the ${side} ${draft.kind}`}
        accept={`${draft.kind}/*`}
        className="gap-1 px-4 py-6"
        onFiles={pick}
      />
      {draft.file && draft.previewUrl && (
        <figure className="flex flex-col items-center gap-1">
          {draft.kind === 'image' ? (
            <img src={draft.previewUrl} alt={`${name} preview`} className="aspect-[9/16] w-36 rounded-lg bg-gray-100 object-cover" />
          ) : (
            <video src={draft.previewUrl} aria-label={`${name} preview`} muted playsInline controls className="aspect-[9/16] w-36 rounded-lg bg-black object-contain" />
          )}
          <figcaption className="max-w-48 truncate text-xs text-muted" title={draft.file.name}>
            {draft.file.name} · {formatBytes(draft.file.size)}
          </figcaption>
        </figure>
      )}
      {draft.kind === 'image' && aiAvailable && (
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={draft.imageToVideo}
            onChange={(event) => onChange({ ...draft, imageToVideo: event.currentTarget.checked })}
            className="size-4 accent-accent"
          />
          {`${name}: ${beforeAfterTexts.imageToVideo(offline)}`}
        </label>
      )}
      {draft.kind === 'image' && draft.imageToVideo && aiAvailable && offline && (
        <p role="note" className="text-sm text-muted">
          {aiVideoMessages.offline}
        </p>
      )}
      {draft.kind === 'image' && (
        <TextAreaField
          label={beforeAfterTexts.promptLabel(side)}
          hint={draft.imageToVideo ? 'Required: what moves, and how (e.g. “slow zoom in on the cake”).' : 'Optional: words like “zoom in” or “pan left” choose the camera move.'}
          value={draft.prompt}
          maxLength={beforeAfterPromptMax}
          rows={2}
          required={draft.imageToVideo}
          error={promptError}
          onChange={(event) => onChange({ ...draft, prompt: event.currentTarget.value })}
        />
      )}
    </section>
  );
}
