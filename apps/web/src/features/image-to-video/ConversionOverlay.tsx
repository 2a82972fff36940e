import { imageToVideoTexts, workflowMessages } from '@reelsmith/contracts';
import { Spinner } from '../../components/ui/Spinner.tsx';

/**
 * The busy state while the images render (SPEC §4 common creation pattern, UI.md work in progress): covers the page
 * so nothing is clicked twice, says not to refresh and about how long it takes, and shows the server's percent.
 */
export function ConversionOverlay({ percent }: { percent: number | undefined }) {
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-50 flex items-center justify-center bg-white/80 p-6 backdrop-blur-sm">
      <div className="flex w-full max-w-sm flex-col items-center gap-3 rounded-xl bg-white px-8 py-6 text-center shadow-lg ring-1 ring-black/5">
        <Spinner />
        <p className="text-lg font-semibold">{imageToVideoTexts.busy}</p>
        <p className="font-medium text-accent-strong">{workflowMessages.doNotRefresh}</p>
        <p className="text-sm text-muted">{imageToVideoTexts.estimate}</p>
        {percent !== undefined && (
          <div className="flex w-full items-center gap-3">
            <progress value={percent} max={100} aria-label="Progress" className="h-2 flex-1 accent-accent" />
            <span className="w-10 text-right text-sm tabular-nums">{percent}%</span>
          </div>
        )}
      </div>
    </div>
  );
}
