import { audioTexts, tempoRange } from '@reelsmith/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button.tsx';

const rangeError = `Enter a tempo from ${tempoRange.min} to ${tempoRange.max}.`;

/** A tempo the server takes: within the range, on a 0.1 step. */
function parseTempo(text: string): number | null {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < tempoRange.min || value > tempoRange.max) return null;
  return Math.abs(value * 10 - Math.round(value * 10)) < 1e-9 ? value : null;
}

/** SPEC §5 tempo: 0.5 to 2 in steps of 0.1, default 1; Reset Tempo goes back to the voiceover as spoken. */
export function TempoControls(props: { disabled: boolean; onApply: (tempo: number) => Promise<void> }) {
  const [text, setText] = useState(String(tempoRange.default));
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const tempo = parseTempo(text);
    if (tempo === null) return setError(rangeError);
    setError(null);
    void props.onApply(tempo);
  }

  function reset() {
    setText(String(tempoRange.default));
    setError(null);
    void props.onApply(tempoRange.default);
  }

  return (
    <form noValidate onSubmit={apply} className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {audioTexts.tempoLabel}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          name="tempo"
          type="number"
          inputMode="decimal"
          min={tempoRange.min}
          max={tempoRange.max}
          step={tempoRange.step}
          value={text}
          disabled={props.disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => setError(parseTempo(text) === null ? rangeError : null)}
          className={`w-24 rounded-lg border bg-white px-3 py-2 text-base shadow-sm focus-visible:border-accent ${error ? 'border-red-500' : 'border-gray-300'}`}
        />
        <Button type="submit" variant="secondary" disabled={props.disabled}>
          {audioTexts.applyTempo}
        </Button>
        <Button variant="secondary" disabled={props.disabled} onClick={reset}>
          {audioTexts.resetTempo}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {audioTexts.tempoHint}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
