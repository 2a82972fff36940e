import { workflowMessages } from '@reelsmith/contracts';
import { useId } from 'react';
import { Spinner } from './Spinner.tsx';

interface RenderProgressProps {
  title: string;
  /** What to expect, under the spec's 'Do not refresh' notice. */
  notice: string;
  progressLabel: string;
  percent: number;
  /** Why the render has not started yet (it waits its turn in the queue), in plain words. */
  waiting?: string | null;
}

/** The wait over the page while a render runs: the spec's 'Do not refresh', and the render's own percent. */
export function RenderProgress({ title, notice, progressLabel, percent, waiting }: RenderProgressProps) {
  const titleId = useId();
  return (
    <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="fixed inset-0 z-50 flex items-center justify-center bg-white/85 p-6 backdrop-blur-sm">
      <div className="flex w-full max-w-sm flex-col items-center gap-3 rounded-xl bg-white px-8 py-6 text-center shadow-lg ring-1 ring-black/5">
        <Spinner />
        <p id={titleId} className="text-lg font-semibold">
          {title}
        </p>
        <p className="font-semibold text-red-700">{workflowMessages.doNotRefresh}</p>
        <p className="text-sm text-muted">{notice}</p>
        <p role="status" className="text-sm font-medium text-ink">
          {waiting}
        </p>
        <div
          role="progressbar"
          aria-label={progressLabel}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2.5 w-full overflow-hidden rounded-full bg-accent-soft"
        >
          <div className="h-full rounded-full bg-accent motion-safe:transition-[width] motion-safe:duration-500" style={{ width: `${percent}%` }} />
        </div>
        <p className="text-sm tabular-nums text-muted" aria-hidden="true">
          {percent}%
        </p>
      </div>
    </div>
  );
}
