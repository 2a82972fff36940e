import { subtitleTexts, workflowMessages, type SrtCue } from '@reelsmith/contracts';
import type { SaveState } from './useAutosave.ts';

/** m:ss.s, enough to tell captions of a 59 s video apart. */
export function cueClock(seconds: number): string {
  const tenths = Math.round(seconds * 10);
  const minutes = Math.floor(tenths / 600);
  const rest = (tenths % 600) / 10;
  return `${minutes}:${rest.toFixed(1).padStart(4, '0')}`;
}

function SaveStatus({ state }: { state: SaveState }) {
  const text =
    state.kind === 'pending' || state.kind === 'saving'
      ? subtitleTexts.saving
      : state.kind === 'saved'
        ? subtitleTexts.saved
        : state.kind === 'failed'
          ? `${state.message} ${subtitleTexts.saveFailed}`
          : '';
  return (
    <p role="status" className={`min-h-5 text-sm ${state.kind === 'failed' ? 'font-medium text-red-800' : 'text-muted'}`}>
      {text}
    </p>
  );
}

/**
 * SPEC §2 subtitle editing: each caption's time range and its text. Only the words change; the page saves them
 * 500 ms after typing stops and the server keeps every caption's timing.
 */
export function CueEditor(props: { cues: SrtCue[]; onChange: (cues: SrtCue[]) => void; saveState: SaveState }) {
  const { cues, onChange } = props;
  return (
    <section aria-labelledby="captions-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="captions-heading" className="text-lg font-semibold">
          Captions
        </h2>
        <SaveStatus state={props.saveState} />
      </div>
      {cues.length === 0 ? (
        <p className="text-sm text-muted">{workflowMessages.subtitleFailed}</p>
      ) : (
        <ol className="flex flex-col gap-2 lg:max-h-[28rem] lg:overflow-y-auto lg:pr-1">
          {cues.map((cue, i) => {
            const range = `${cueClock(cue.start)} – ${cueClock(cue.end)}`;
            return (
              <li key={`${cue.start}-${cue.end}`} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
                <label htmlFor={`cue-${i}`} className="shrink-0 font-mono text-xs text-muted tabular-nums sm:w-28">
                  <span className="sr-only">Caption {i + 1}, </span>
                  {range}
                </label>
                <input
                  id={`cue-${i}`}
                  type="text"
                  value={cue.text}
                  onChange={(event) => onChange(cues.map((c, j) => (j === i ? { ...c, text: event.target.value } : c)))}
                  className="w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base shadow-sm focus-visible:border-accent"
                />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
