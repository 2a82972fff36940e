import { pageLoadingText } from '@reelsmith/contracts';
import { Spinner } from '../components/ui/Spinner.tsx';

/**
 * Stands in for the whole app while the first page's chunk arrives (later pages keep the current one on screen until
 * theirs is loaded). Same centred full-height box as the session check that often follows, so nothing jumps.
 */
export function PageLoading() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <div role="status" className="flex flex-col items-center gap-3">
        <Spinner className="size-8" />
        <p className="text-muted">{pageLoadingText}</p>
      </div>
    </main>
  );
}
