import { emphasisColours, subtitleTexts, workflowMessages } from '@reelsmith/contracts';
import { nextEmphasis, withEmphasis, wordsOf, type EditorCue, type EmphasisColour } from './editorCues.ts';
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

/** The caption's words as buttons: a click steps the word through the emphasis colours (editorCues.ts). */
function EmphasisWords(props: { cue: EditorCue; index: number; palette: readonly EmphasisColour[]; onChange: (cue: EditorCue) => void }) {
  const { cue, palette } = props;
  const colourName = (hex: string | undefined) => palette.find((c) => c.hex === hex)?.name ?? emphasisColours.find((c) => c.hex === hex)?.name ?? (hex ? hex : 'none');
  return (
    <div role="group" aria-label={`Emphasis of caption ${props.index + 1}`} className="flex flex-wrap gap-1 sm:pl-31">
      {wordsOf(cue).map((word, i) => (
        <button
          key={`${i}-${word.text}`}
          type="button"
          aria-label={`${word.text}: emphasis ${colourName(word.colour)}`}
          title="Click to change this word's colour"
          onClick={() => props.onChange(withEmphasis(cue, i, nextEmphasis(word.colour, palette)))}
          className="rounded-md border border-gray-300 bg-[#1f2a44] px-2 py-0.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          style={{ color: word.colour ?? '#ffffff' }}
        >
          {word.text}
        </button>
      ))}
    </div>
  );
}

/**
 * SPEC §2 subtitle editing: each caption's time range, its text and its words' emphasis colours. Only the words
 * change; the page saves them 500 ms after typing stops and the server keeps every caption's timing. Focusing a
 * caption shows it in the preview.
 */
export function CueEditor(props: {
  cues: EditorCue[];
  onChange: (cues: EditorCue[]) => void;
  saveState: SaveState;
  selected: number;
  onSelect: (index: number) => void;
  /** The colours a click steps through: the project's brand colour first. */
  palette?: readonly EmphasisColour[];
}) {
  const { cues, onChange, onSelect } = props;
  const change = (i: number, cue: EditorCue) => onChange(cues.map((c, j) => (j === i ? cue : c)));
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
        <>
          <p className="text-sm text-muted">Click a word to give it an emphasis colour.</p>
          <ol className="flex flex-col gap-3 lg:max-h-[28rem] lg:overflow-y-auto lg:pr-1">
            {cues.map((cue, i) => {
              const range = `${cueClock(cue.start)} – ${cueClock(cue.end)}`;
              return (
                <li
                  key={`${cue.start}-${cue.end}`}
                  data-selected={i === props.selected || undefined}
                  onFocus={() => onSelect(i)}
                  className="flex flex-col gap-1 rounded-lg p-1 data-[selected]:bg-accent-soft"
                >
                  <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
                    <label htmlFor={`cue-${i}`} className="shrink-0 font-mono text-xs text-muted tabular-nums sm:w-28">
                      <span className="sr-only">Caption {i + 1}, </span>
                      {range}
                    </label>
                    <input
                      id={`cue-${i}`}
                      type="text"
                      value={cue.text}
                      onChange={(event) => change(i, { ...cue, text: event.target.value })}
                      className="w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base shadow-sm focus-visible:border-accent"
                    />
                  </div>
                  <EmphasisWords cue={cue} index={i} palette={props.palette ?? emphasisColours} onChange={(next) => change(i, next)} />
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
