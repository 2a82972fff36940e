import { draftTexts, type DraftItem } from '@reelsmith/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, primaryLinkClasses } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { rememberFlow } from '../../lib/flow.ts';
import { formatDate } from './format.ts';

interface DraftListProps {
  drafts: DraftItem[] | undefined;
  failed: boolean;
  onRetry: () => void;
  onDiscard: (videoId: string) => Promise<void>;
  /** With every brand's drafts listed, each card names its brand (issue 32); null when one brand is shown. */
  brandNames?: ReadonlyMap<string, string> | null;
}

/** What the draft has made so far, small and 9:16; a video shows its first moment. Decorative: the card says what it is. */
function DraftPoster({ poster }: { poster: DraftItem['poster'] }) {
  const box = 'aspect-[9/16] w-16 shrink-0 rounded-md bg-gray-100 object-cover';
  if (!poster) return <div aria-hidden="true" className={box} />;
  if (poster.kind === 'image') return <img src={poster.url} alt="" loading="lazy" className={box} />;
  return <video src={`${poster.url}#t=0.5`} preload="metadata" muted playsInline aria-hidden="true" tabIndex={-1} className={`${box} bg-black`} />;
}

function DraftCard({ draft, brandName, onAskDiscard }: { draft: DraftItem; brandName?: string; onAskDiscard: () => void }) {
  const target = `${draft.page}?${new URLSearchParams({ project: draft.id }).toString()}`;
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5">
      <div className="flex min-w-0 gap-3">
        <DraftPoster poster={draft.poster} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">{draft.video_type}</p>
          <h3 className="truncate font-semibold" title={draft.title}>
            {draft.title}
          </h3>
          <p className="text-sm">{draftTexts.stoppedAt(draft.step_title)}</p>
          <p className="text-xs text-muted">{draftTexts.stepOf(draft.step_number, draft.step_count)}</p>
          <p className="text-sm text-muted">{draftTexts.edited(formatDate(draft.updated_at))}</p>
          {brandName && (
            <p className="truncate text-xs font-semibold text-accent-strong" title={brandName}>
              {brandName}
            </p>
          )}
        </div>
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-x-5 gap-y-2">
        {/* The page reads its flow from the tab's memory; a shared page (/BRolls) could not tell it on its own. */}
        <Link to={target} onClick={() => rememberFlow(draft.id, draft.flow)} className={`${primaryLinkClasses} py-2`} aria-label={draftTexts.continueLabel(draft.title)}>
          {draftTexts.continue}
        </Link>
        <Button variant="link" onClick={onAskDiscard} aria-label={draftTexts.discardLabel(draft.title)}>
          {draftTexts.discard}
        </Button>
      </div>
    </article>
  );
}

/** Projects the user started and has not finished: each opens again on the page where the user stopped. */
export function DraftList({ drafts, failed, onRetry, onDiscard, brandNames }: DraftListProps) {
  const [discarding, setDiscarding] = useState<DraftItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [discardFailed, setDiscardFailed] = useState(false);

  async function confirmDiscard(draft: DraftItem) {
    setBusy(true);
    setDiscardFailed(false);
    try {
      await onDiscard(draft.id);
      setDiscarding(null);
    } catch {
      setDiscardFailed(true);
    } finally {
      setBusy(false);
    }
  }

  if (failed) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p role="alert" className="text-sm font-medium text-red-800">
          {draftTexts.loadFailed}
        </p>
        <Button variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  }
  // Nothing to continue, or not known yet: the section stays out of the way.
  if (!drafts?.length) return null;

  return (
    <section aria-labelledby="drafts-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="drafts-heading" className="text-xl font-semibold">
          {draftTexts.heading}
        </h2>
        <p className="mt-1 text-sm text-muted">{draftTexts.intro}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {drafts.map((draft) => (
          <li key={draft.id} className="min-w-0">
            <DraftCard
              draft={draft}
              brandName={draft.brand_id ? brandNames?.get(draft.brand_id) : undefined}
              onAskDiscard={() => {
                setDiscardFailed(false);
                setDiscarding(draft);
              }}
            />
          </li>
        ))}
      </ul>
      <Dialog open={discarding !== null} title={draftTexts.discardTitle} onClose={() => setDiscarding(null)}>
        {discarding && (
          <>
            <p className="text-sm text-gray-600">{draftTexts.discardBody(discarding.title)}</p>
            {discardFailed && (
              <p role="alert" className="mt-3 text-sm font-medium text-red-800">
                {draftTexts.discardFailed}
              </p>
            )}
            <div className="mt-5 flex flex-wrap gap-3">
              <Button variant="secondary" onClick={() => setDiscarding(null)}>
                {draftTexts.discardKeep}
              </Button>
              <Button disabled={busy} onClick={() => void confirmDiscard(discarding)}>
                {draftTexts.discardConfirm}
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </section>
  );
}
