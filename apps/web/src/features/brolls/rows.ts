import { brollTexts, maxBrolls, type BrollSuggestion } from '@reelsmith/contracts';

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

/**
 * The first time problem among the rows, with the server's own words, so the page refuses it before a round trip.
 * Only rows whose two times are filled are judged (a half-typed row is the incomplete hint's business); the video's
 * length bounds them once the player has read it.
 */
export function rowTimesError(rows: readonly OverlayRow[], videoSeconds: number | null): string | null {
  for (const [index, row] of rows.entries()) {
    if (!filled(row.start) || !filled(row.end)) continue;
    const n = index + 1;
    const start = Number(row.start);
    const end = Number(row.end);
    if (start < 0) return brollTexts.negativeStart(n);
    if (end <= start) return brollTexts.badTimes(n);
    if (videoSeconds !== null && start >= videoSeconds) return brollTexts.startOutsideVideo(n, videoSeconds);
    if (videoSeconds !== null && end > videoSeconds + 0.01) return brollTexts.outsideVideo(n, videoSeconds);
  }
  return null;
}

/** SPEC §5: processing needs every row empty or complete, at least one complete row, and times that make sense. */
export function canProcess(rows: readonly OverlayRow[], videoSeconds: number | null = null): boolean {
  return rows.every((row) => isEmptyRow(row) || isCompleteRow(row)) && rows.some(isCompleteRow) && rowTimesError(rows, videoSeconds) === null;
}

export const rowsFromSuggestions = (suggestions: readonly BrollSuggestion[]): OverlayRow[] =>
  suggestions.slice(0, maxBrolls).map((s) => ({ ...emptyRow(), imageUrl: s.image_url, preview: s.image_url, start: String(s.start), end: String(s.end) }));
