import { workflowMessages } from '@reelsmith/contracts';
import { Spinner } from '../../components/ui/Spinner.tsx';

/**
 * The spec's busy state for a generation (SPEC §4 common creation pattern, UI.md work in progress): covers the page
 * so nothing is clicked twice, and says what is happening, not to refresh, and about how long it takes.
 */
export function GeneratingOverlay({ text, estimate }: { text: string; estimate: string }) {
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-50 flex items-center justify-center bg-white/80 p-6 backdrop-blur-sm">
      <div className="flex max-w-sm flex-col items-center gap-3 rounded-xl bg-white px-8 py-6 text-center shadow-lg ring-1 ring-black/5">
        <Spinner />
        <p className="text-lg font-semibold">{text}</p>
        <p className="font-medium text-accent-strong">{workflowMessages.doNotRefresh}</p>
        <p className="text-sm text-muted">{estimate}</p>
      </div>
    </div>
  );
}
