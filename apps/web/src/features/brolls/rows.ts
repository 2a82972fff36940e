import { maxBrolls, type BrollSuggestion } from '@reelsmith/contracts';

/** One overlay row on the page: an image (a picked file, or an auto B-roll upload), a start and an end in seconds. */
export interface OverlayRow {
  id: string;
  file: File | null;
  imageUrl: string | null;
  /** What the thumbnail shows: an object URL for a picked file, else the upload's URL. */
  preview: string | null;
  start: string;
  end: string;
}

let nextId = 0;
export const emptyRow = (): OverlayRow => ({ id: `row-${(nextId += 1)}`, file: null, imageUrl: null, preview: null, start: '', end: '' });

const hasImage = (row: OverlayRow) => row.file !== null || row.imageUrl !== null;
const filled = (value: string) => value.trim() !== '';

export const isEmptyRow = (row: OverlayRow) => !hasImage(row) && !filled(row.start) && !filled(row.end);
export const isCompleteRow = (row: OverlayRow) => hasImage(row) && filled(row.start) && filled(row.end);

/** SPEC §5: processing needs every row empty or complete, and at least one complete row. */
export function canProcess(rows: readonly OverlayRow[]): boolean {
  return rows.every((row) => isEmptyRow(row) || isCompleteRow(row)) && rows.some(isCompleteRow);
}

export const rowsFromSuggestions = (suggestions: readonly BrollSuggestion[]): OverlayRow[] =>
  suggestions.slice(0, maxBrolls).map((s) => ({ ...emptyRow(), imageUrl: s.image_url, preview: s.image_url, start: String(s.start), end: String(s.end) }));
