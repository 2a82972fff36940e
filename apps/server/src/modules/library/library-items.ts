import type { LibraryImage, LibraryVideo, LibraryVideoFile } from '../../providers/stock/types.ts';

/** What the library holds, and the tasks that make it: the types its parts share. */
export interface LibraryTrack {
  kind: 'track';
  id: string;
  title: string;
  mood: string | null;
  duration: number;
  key: string;
  silent: boolean;
}

export interface LibraryBackground {
  kind: 'background';
  id: string;
  duration: number;
  videoKey: string;
  thumbnailKey: string;
}

/** A Create Video tile's looping preview of what its type makes (modules/library/library-previews.ts). */
export interface LibraryPreview {
  kind: 'preview';
  id: string;
  duration: number;
  videoKey: string;
  posterKey: string;
}

export type { LibraryImage, LibraryVideo, LibraryVideoFile };

export type LibraryItem = LibraryImage | LibraryVideo | LibraryTrack | LibraryBackground | LibraryPreview;
export type LibraryKind = LibraryItem['kind'];

/** One item to produce: `load` finds it already stored (cheap), `make` renders or imports it. */
export interface LibraryTask {
  /** The storage key of the item's marker: unique per item and recipe version. */
  id: string;
  label: string;
  kind: LibraryKind;
  /** What it will make, where that is known beforehand (a generated recipe): stock search finds pending items by it. */
  upcoming?: LibraryItem;
  load(): Promise<LibraryItem | null>;
  make(scratchDir: string, signal: AbortSignal): Promise<LibraryItem>;
}

export interface LibraryLog {
  info(message: string): void;
  error(message: string): void;
}
