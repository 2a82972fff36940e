import { busyTexts, workflowMessages, type JobEstimate } from '@reelsmith/contracts';
import { useEffect, useId, useRef } from 'react';
import { timeLeftSpoken, timeLeftText } from '../../lib/progress.ts';
import { useTimeLeft } from '../../lib/useTimeLeft.ts';
import { Spinner } from './Spinner.tsx';

interface RenderProgressProps {
  title: string;
  /**
   * The honest estimate of how long this kind of work takes, under the spec's 'Do not refresh'. Without it the wait
   * is a short one (signing in, saving) that only needs to say what is happening.
   */
  notice?: string;
  /** The work's own percent where it reports one (renders, combine, conversion); without it the estimate stands alone. */
  percent?: number;
  /** This server's measured wait for the job, from the status answers the page polls: the time left counts down from it. */
  estimate?: JobEstimate;
  /** The progress bar's name, where there is a percent. */
  progressLabel?: string;
  /** Why the work has not started yet (it waits its turn in the queue), in plain words. */
  waiting?: string | null;
}

/**
 * The one busy state of every wait longer than a few seconds: what is happening, 'Do not refresh', the estimate, and
 * where the work reports it the percent and the time left. A native modal dialog, so the page behind it is inert and
 * no button can start a second job meanwhile; Escape does not close it, the work does.
 */
export function RenderProgress({ title, notice, percent, progressLabel, waiting, estimate }: RenderProgressProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const left = useTimeLeft(estimate, percent);
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  const counting = estimate?.expected_seconds !== undefined || percent !== undefined;
  const shown = percent === undefined ? 0 : Math.round(percent);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => event.preventDefault()}
      // A browser may close a modal dialog on a repeated Escape even when cancel is refused; the work is not over.
      onClose={(event) => event.currentTarget.showModal()}
      // No blur behind it: a blurred backdrop is filtered again on every frame the spinner turns, which kept a core of
      // a laptop busy for the minutes a render takes. The nearly opaque wash hides the page as well.
      className="m-auto w-[calc(100%-3rem)] max-w-sm rounded-xl bg-white px-8 py-6 text-center shadow-lg ring-1 ring-black/5 backdrop:bg-white/90"
    >
      <div className="flex flex-col items-center gap-3">
        <Spinner />
        <div role="status" aria-live="polite" className="flex flex-col items-center gap-2">
          <p id={titleId} className="text-lg font-semibold">
            {title}
          </p>
          {notice && (
            <>
              <p className="font-semibold text-red-700">{workflowMessages.doNotRefresh}</p>
              <p className="text-sm text-muted">{notice}</p>
            </>
          )}
          {waiting && <p className="text-sm font-medium text-ink">{waiting}</p>}
          {left !== null && <p className="sr-only">{timeLeftSpoken(left, percent)}</p>}
        </div>
        {/* A timer is not read out as it changes; the status above says the same once a minute. */}
        {counting && (
          <p role="timer" className="text-sm font-medium tabular-nums text-ink">
            {left === null ? busyTexts.estimating : timeLeftText(left, percent)}
          </p>
        )}
        {percent !== undefined && (
          <>
            <div
              role="progressbar"
              aria-label={progressLabel ?? title}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={shown}
              className="h-2.5 w-full overflow-hidden rounded-full bg-accent-soft"
            >
              <div className="h-full rounded-full bg-accent motion-safe:transition-[width] motion-safe:duration-500" style={{ width: `${shown}%` }} />
            </div>
            <p className="text-sm tabular-nums text-muted">{shown}%</p>
          </>
        )}
      </div>
    </dialog>
  );
}
