import { stockMessages, stockPageSize, type StockMediaType, type UploadPurpose, type UploadResponse } from '@reelsmith/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { Notice, type NoticeMessage } from '../ui/Notice.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { shownText } from '../../lib/client.ts';
import { addStock, useStockSearch } from './api.ts';
import { describeResult, fileOf, StockPager, StockResultsGrid, type AddedStock, type StockResult } from './StockResults.tsx';

export interface StockSearchModalProps {
  open: boolean;
  onClose: () => void;
  /** Both types show Images/Videos tabs (SPEC §2: Smart Storyboard only); one type shows no tabs. */
  types: readonly StockMediaType[];
  /** SPEC §9: the storyboard takes the highest-resolution file, other flows the HD one. */
  videoChoice: 'highest' | 'hd';
  /** The upload policy the added file must meet (e.g. the storyboard's 8 MB); the stock purpose by default. */
  purpose?: UploadPurpose;
  /** The room the page has left: a bigger file is refused with the purpose's too-large text. */
  maxBytes?: number;
  onAdded: (upload: UploadResponse, added: AddedStock) => void;
}

const tabLabels: Record<StockMediaType, string> = { image: 'Images', video: 'Videos' };

/**
 * The shared stock search modal: a search box (non-empty once trimmed), the results grid with Add on each result and
 * Download on images, and the pager.
 */
export function StockSearchModal({ open, onClose, types, videoChoice, purpose, maxBytes, onAdded }: StockSearchModalProps) {
  const inputId = useId();
  const [type, setType] = useState<StockMediaType>(types[0] ?? 'image');
  const [draft, setDraft] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<{ q: string; page: number } | null>(null);
  const [addingId, setAddingId] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<NoticeMessage | null>(null);

  const request = submitted ? { q: submitted.q, page: submitted.page, per_page: stockPageSize, orientation: 'portrait' as const, type } : null;
  const search = useStockSearch(request);

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = draft.trim();
    if (!q) {
      setInputError(stockMessages.emptyQuery);
      return;
    }
    setInputError(null);
    setOutcome(null);
    setSubmitted({ q, page: 1 });
  }

  function switchTab(next: StockMediaType) {
    setType(next);
    setOutcome(null);
    setSubmitted((current) => current && { ...current, page: 1 });
  }

  async function add(result: StockResult) {
    const url = fileOf(result, videoChoice);
    const added = describeResult(result);
    // Only a video can lack a file to take (none of its files fits).
    if (!url) return setOutcome({ tone: 'error', text: stockMessages.addVideoFailed });
    setOutcome(null);
    const id = result.type === 'image' ? result.photo.id : result.video.id;
    setAddingId(id);
    try {
      const upload = await addStock({ type: result.type, url, ...(purpose ? { purpose } : {}), ...(maxBytes ? { max_bytes: maxBytes } : {}) });
      onAdded(upload, added);
      setOutcome({ tone: 'success', text: `Added: ${added.name}` });
    } catch (error) {
      const fallback = result.type === 'image' ? stockMessages.addImageFailed : stockMessages.addVideoFailed;
      setOutcome({ tone: 'error', text: shownText(error, fallback) });
    } finally {
      setAddingId(null);
    }
  }

  const data = search.data;
  const results: StockResult[] = !data
    ? []
    : 'photos' in data
      ? data.photos.map((photo) => ({ type: 'image', photo }))
      : data.videos.map((video) => ({ type: 'video', video }));
  const title = types.length > 1 ? 'Search Stock Images/Videos' : `Search Stock ${tabLabels[types[0] ?? 'image']}`;

  return (
    <Dialog open={open} title={title} onClose={onClose} size="full" closeButton>
      {types.length > 1 && (
        <div role="tablist" aria-label="Media type" className="flex gap-2 border-b border-gray-200">
          {types.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={type === t}
              onClick={() => switchTab(t)}
              className={`-mb-px border-b-2 px-3 py-2 font-semibold ${type === t ? 'border-accent text-accent' : 'border-transparent text-muted hover:text-ink'}`}
            >
              {tabLabels[t]}
            </button>
          ))}
        </div>
      )}

      <form onSubmit={submit} noValidate className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-semibold">
          Search {tabLabels[type].toLowerCase()}
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            // A plain text field: in a type=search field Escape clears the text instead of closing the dialog.
            type="text"
            enterKeyHint="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="e.g. sunset, coffee, bokeh"
            aria-invalid={inputError ? true : undefined}
            aria-describedby={inputError ? `${inputId}-error` : undefined}
            className={`w-full rounded-lg border bg-white px-3 py-2.5 shadow-sm focus-visible:border-accent ${inputError ? 'border-red-500' : 'border-gray-300'}`}
          />
          <Button type="submit">Search</Button>
        </div>
        {inputError && (
          <p id={`${inputId}-error`} className="text-sm font-medium text-red-700">
            {inputError}
          </p>
        )}
      </form>

      {outcome && <Notice message={outcome} />}

      <div className="min-h-0 flex-1 overflow-y-auto" aria-busy={search.isFetching}>
        {search.isFetching && !data && (
          <p role="status" className="flex items-center gap-3 text-muted">
            <Spinner className="size-6" /> Searching…
          </p>
        )}
        {search.isError && <Notice message={{ tone: 'error', text: search.error.message || stockMessages.searchFailed }} />}
        {data?.more_arriving ? (
          <p role="status" className="mb-3 flex items-center gap-3 rounded-lg bg-accent/10 px-3 py-2 text-sm">
            <Spinner className="size-4" /> {stockMessages.moreArriving(data.more_arriving, type)}
          </p>
        ) : (
          data && results.length === 0 && <p className="text-muted">{stockMessages.noResults}</p>
        )}
        {results.length > 0 && <StockResultsGrid results={results} addingId={addingId} onAdd={(result) => void add(result)} />}
      </div>

      {data && submitted && (
        <div className="flex flex-col gap-2">
          {/* The page the results on screen belong to: while the next page loads, the previous one stays with its number. */}
          <StockPager page={data.page} total={data.total_results} perPage={stockPageSize} onPage={(page) => setSubmitted({ ...submitted, page })} />
          {data.attribution && (
            <p className="text-center text-xs text-muted">
              <a href={data.attribution.url} target="_blank" rel="noreferrer" className="underline">
                {data.attribution.text}
              </a>
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
