import { estimateScriptSeconds, isScriptShortForVideo, maxScriptChars, scriptTexts } from '@reelsmith/contracts';
import type { Ref } from 'react';
import { TextAreaField } from '../../components/ui/TextAreaField.tsx';
import type { SaveStatus } from './useAutosave.ts';

interface ScriptEditorProps {
  script: string;
  status: SaveStatus;
  textareaRef: Ref<HTMLTextAreaElement>;
  onChange(script: string): void;
  /** The user's own video the script is for (null: none, or a clip that loops under the voiceover). */
  ownVideoSeconds: number | null;
}

function SaveState({ status }: { status: SaveStatus }) {
  if (status === 'failed') return <span className="font-medium text-red-700">{scriptTexts.saveFailed}</span>;
  if (status === 'saving') return <span>{scriptTexts.saving}</span>;
  if (status === 'saved') return <span className="font-medium text-emerald-700">{scriptTexts.saved}</span>;
  return null;
}

/** The written script, editable; its spoken length (SPEC §9: words / 2.25) and whether the last edit is saved. */
export function ScriptEditor({ script, status, textareaRef, onChange, ownVideoSeconds }: ScriptEditorProps) {
  const seconds = estimateScriptSeconds(script);
  const short = ownVideoSeconds !== null && isScriptShortForVideo(seconds, ownVideoSeconds);
  return (
    <div className="flex flex-col gap-2">
      <TextAreaField
        ref={textareaRef}
        label={scriptTexts.scriptLabel}
        name="script"
        rows={12}
        maxLength={maxScriptChars}
        value={script}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
        <p className="font-semibold">{scriptTexts.duration(seconds)}</p>
        <p role="status" aria-live="polite" className="text-muted">
          <SaveState status={status} />
        </p>
      </div>
      {short && (
        <p role="note" className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {scriptTexts.shortForVideo(seconds, ownVideoSeconds)}
        </p>
      )}
    </div>
  );
}
