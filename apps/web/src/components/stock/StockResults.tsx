import { pickStockVideoFile, stockPageCount, stockPagerText, type StockPhoto, type StockVideo } from '@reelsmith/contracts';
import { Button } from '../ui/Button.tsx';
import { Spinner } from '../ui/Spinner.tsx';

export type StockResult = { type: 'image'; photo: StockPhoto } | { type: 'video'; video: StockVideo };

/** What a flow gets back from the modal: the stored upload plus what describes it. */
export interface AddedStock {
  type: 'image' | 'video';
  name: string;
  thumbnailUrl: string;
}

const addLabel = (name: string) => `Add ${name}`;

function Tile({ result, adding, disabled, onAdd }: { result: StockResult; adding: boolean; disabled: boolean; onAdd: () => void }) {
  const name = result.type === 'image' ? result.photo.alt || `Photo ${result.photo.id}` : result.video.alt || `Video ${result.video.id}`;
  const thumbnail = result.type === 'image' ? result.photo.src.large : result.video.image;
  const credit = result.type === 'image' ? result.photo.photographer : result.video.user?.name;
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white">
      <div className="relative aspect-[9/16] bg-gray-100">
        <img src={thumbnail} alt={name} loading="lazy" className="absolute inset-0 size-full object-cover" />
        {result.type === 'video' && (
          <span className="absolute right-1.5 bottom-1.5 rounded bg-black/70 px-1.5 py-0.5 text-xs font-semibold text-white">{Math.round(result.video.duration)} s</span>
        )}
      </div>
      <div className="flex flex-col gap-1.5 p-2">
        {credit && <p className="truncate text-xs text-muted">by {credit}</p>}
        <div className="flex items-center justify-between gap-2">
          <Button variant="secondary" className="!px-3 !py-1 text-sm" onClick={onAdd} disabled={disabled} aria-label={addLabel(name)} aria-busy={adding}>
            {adding ? <Spinner className="size-4" /> : 'Add'}
          </Button>
          {result.type === 'image' && (
            <a href={result.photo.src.original} download target="_blank" rel="noreferrer" className="text-sm font-semibold text-accent hover:underline">
              Download
            </a>
          )}
        </div>
      </div>
    </li>
  );
}

export function StockResultsGrid({ results, addingId, onAdd }: { results: StockResult[]; addingId: number | null; onAdd: (result: StockResult) => void }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
      {results.map((result) => {
        const id = result.type === 'image' ? result.photo.id : result.video.id;
        return <Tile key={`${result.type}-${id}`} result={result} adding={addingId === id} disabled={addingId !== null} onAdd={() => onAdd(result)} />;
      })}
    </ul>
  );
}

/** SPEC §2: 'Page X of Y • N results', with Y = ceil(total / 80). */
export function StockPager({ page, total, perPage, onPage }: { page: number; total: number; perPage: number; onPage: (page: number) => void }) {
  const text = stockPagerText(page, total, perPage);
  const last = stockPageCount(total, perPage);
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3">
      <Button variant="secondary" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      <p className="text-sm font-medium" aria-live="polite">
        {text}
      </p>
      <Button variant="secondary" onClick={() => onPage(page + 1)} disabled={page >= last}>
        Next
      </Button>
    </nav>
  );
}

/** The file to fetch for a result: images at the large2x size, videos per the flow's rule (SPEC §9). */
export function fileOf(result: StockResult, videoChoice: 'highest' | 'hd'): string | undefined {
  return result.type === 'image' ? result.photo.src.large2x : pickStockVideoFile(result.video.video_files, videoChoice)?.link;
}

export function describeResult(result: StockResult): AddedStock {
  return result.type === 'image'
    ? { type: 'image', name: result.photo.alt || `Photo ${result.photo.id}`, thumbnailUrl: result.photo.src.large }
    : { type: 'video', name: result.video.alt || `Video ${result.video.id}`, thumbnailUrl: result.video.image };
}
