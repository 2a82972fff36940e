import { maxBrolls } from '@reelsmith/contracts';
import { Button } from '../../components/ui/Button.tsx';
import { emptyRow, isCompleteRow, isEmptyRow, type OverlayRow } from './rows.ts';

interface OverlayRowsProps {
  rows: OverlayRow[];
  onChange(rows: OverlayRow[]): void;
}

const input = 'w-full rounded-lg border border-gray-300 bg-white px-3 py-2 focus-visible:outline-2 focus-visible:outline-accent';

/** SPEC §3/§5 overlay rows: image, start and end; up to five; the first row stays. */
export function OverlayRows({ rows, onChange }: OverlayRowsProps) {
  const update = (id: string, change: Partial<OverlayRow>) => onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-semibold">Image overlays</legend>
      {rows.map((row, index) => {
        const half = !isEmptyRow(row) && !isCompleteRow(row);
        return (
          <div
            key={row.id}
            data-testid="overlay-row"
            className={`grid grid-cols-[4rem_1fr] items-end gap-3 rounded-xl border bg-white p-3 sm:grid-cols-[4rem_1fr_6rem_6rem_auto] ${half ? 'border-amber-400' : 'border-gray-200'}`}
          >
            <div className="size-16 overflow-hidden rounded-lg bg-gray-100">
              {row.preview && <img src={row.preview} alt={`Overlay ${index + 1}`} className="size-full object-cover" />}
            </div>
            <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
              Image
              <input
                type="file"
                accept="image/*"
                aria-label={`Image ${index + 1}`}
                className="w-full min-w-0 text-sm file:mr-2 file:rounded-lg file:border-0 file:bg-gray-100 file:px-3 file:py-2"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0] ?? null;
                  if (row.file && row.preview) URL.revokeObjectURL(row.preview);
                  update(row.id, { file, imageUrl: null, preview: file ? URL.createObjectURL(file) : null });
                }}
              />
            </label>
            {/* Start and End share a line under the image on a phone; on wider screens they join the row. */}
            <div className="col-span-2 grid grid-cols-2 gap-3 sm:contents">
            <label className="flex flex-col gap-1 text-sm font-medium">
              Start (s)
              <input type="number" min={0} step={0.1} inputMode="decimal" value={row.start} className={input} aria-label={`Start (s) ${index + 1}`} onChange={(event) => update(row.id, { start: event.currentTarget.value })} />
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              End (s)
              <input type="number" min={0} step={0.1} inputMode="decimal" value={row.end} className={input} aria-label={`End (s) ${index + 1}`} onChange={(event) => update(row.id, { end: event.currentTarget.value })} />
            </label>
            </div>
            {index > 0 ? (
              <Button variant="secondary" className="col-span-2 justify-self-start sm:col-span-1" aria-label={`Remove row ${index + 1}`} onClick={() => onChange(rows.filter((r) => r.id !== row.id))}>
                Remove
              </Button>
            ) : (
              <span aria-hidden="true" className="hidden sm:block" />
            )}
          </div>
        );
      })}
      <Button variant="secondary" className="self-start" disabled={rows.length >= maxBrolls} onClick={() => onChange([...rows, emptyRow()])}>
        Add row
      </Button>
      <p className="text-sm text-muted">Up to {maxBrolls} images, each shown between its start and end second.</p>
    </fieldset>
  );
}
