import { useId, type ReactNode } from 'react';
import { Button } from '../ui/Button.tsx';

interface GeneratedVideoProps {
  /** The page's title; without one the page around already has it, and the result names itself 'Result'. */
  heading?: ReactNode;
  url: string;
  /** The player's accessible name ('Your showcase video'). */
  label: string;
  onRestart(): void;
  onNext(): void;
  /** Said under the player (an offline label). */
  note?: ReactNode;
  /** What Restart does here, said under the buttons and read with Restart (generatedVideoTexts.restartHint). */
  restartHint?: string;
}

/** SPEC §2 'Result with Restart and Next': a generated video's page once it exists, in every AI flow alike. */
export function GeneratedVideo({ heading, url, label, onRestart, onNext, note, restartHint }: GeneratedVideoProps) {
  const hintId = useId();
  const result = (
    <section aria-label={heading ? undefined : 'Result'} className="flex flex-col items-center gap-4">
      <video src={url} controls playsInline aria-label={label} className="aspect-[9/16] w-full max-w-60 self-center rounded-xl bg-black object-contain md:max-w-72" />
      {note}
      <div className="flex gap-3">
        <Button variant="secondary" onClick={onRestart} aria-describedby={restartHint ? hintId : undefined}>
          Restart
        </Button>
        <Button onClick={onNext}>Next</Button>
      </div>
      {restartHint && (
        <p id={hintId} className="max-w-72 text-center text-xs text-muted">
          {restartHint}
        </p>
      )}
    </section>
  );
  if (!heading) return result;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{heading}</h1>
      {result}
    </div>
  );
}
