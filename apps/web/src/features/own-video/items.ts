import { ownVideoLimits, type UploadResponse } from '@reelsmith/contracts';

/** SPEC §3 Own-video item (id, kind, file, size, previewUrl); a stock video is already the user's upload (url). */
export interface OwnVideoItem {
  id: string;
  kind: 'file' | 'stock';
  name: string;
  size: number;
  previewUrl: string;
  /** Seconds, once known: from the stock upload, or from the browser reading the file's header. */
  duration?: number;
  file?: File;
  url?: string;
}

export const totalBytes = (items: OwnVideoItem[]) => items.reduce((sum, item) => sum + item.size, 0);
export const overLimit = (items: OwnVideoItem[]) => totalBytes(items) > ownVideoLimits.maxTotalBytes;
/** Seconds of all the videos, or null while one of them is still unknown. */
export function totalSeconds(items: OwnVideoItem[]): number | null {
  return items.every((item) => item.duration !== undefined) ? items.reduce((sum, item) => sum + item.duration!, 0) : null;
}

export interface Added {
  items: OwnVideoItem[];
  /** Names of dropped or picked files that are not videos. */
  skipped: string[];
  /** Videos left out because the page already holds six. */
  overCount: number;
}

/** Adds files as SPEC §5 says: videos only, and at most six in all (the first ones win). */
export function addFiles(items: OwnVideoItem[], files: File[], makeId: () => string, previewOf: (file: File) => string): Added {
  const videos = files.filter((file) => file.type.startsWith('video/'));
  const skipped = files.filter((file) => !file.type.startsWith('video/')).map((file) => file.name);
  const room = Math.max(0, ownVideoLimits.maxVideos - items.length);
  const taken = videos.slice(0, room).map((file): OwnVideoItem => ({ id: makeId(), kind: 'file', name: file.name, size: file.size, previewUrl: previewOf(file), file }));
  return { items: [...items, ...taken], skipped, overCount: videos.length - taken.length };
}

export function stockItem(upload: UploadResponse, name: string): OwnVideoItem {
  return { id: upload.id, kind: 'stock', name, size: upload.size, previewUrl: upload.url, url: upload.url, ...(upload.duration !== undefined ? { duration: upload.duration } : {}) };
}
