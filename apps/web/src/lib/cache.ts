import { timing } from '@reelsmith/contracts';
import type { BodySchema } from './client.ts';

/**
 * SPEC §3 browser cache: what the signed-in pages last loaded, kept per user (email) in localStorage with the time
 * it was saved, so a page can show it at once and refresh it behind the scenes. Entries older than
 * timing.cacheTtlMs count as missing.
 */
export type CacheKind = 'videos' | 'subscription' | 'logo' | 'invoices';

export interface CachedEntry<T> {
  value: T;
  savedAt: number;
}

interface StoredEntry {
  savedAt: number;
  value: unknown;
}

function storageKey(email: string, kind: CacheKind): string {
  return `reelsmith.cache.${kind}.${email.trim().toLowerCase()}`;
}

/** localStorage can be missing, disabled or full; the cache is only a speed-up, so each of those reads as empty. */
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function isStoredEntry(value: unknown): value is StoredEntry {
  return typeof value === 'object' && value !== null && typeof (value as StoredEntry).savedAt === 'number' && 'value' in value;
}

/**
 * The entry, if it is fresh and still has the shape the schema describes (an older build may have written another
 * shape); anything else is dropped and reads as missing.
 */
export function readCache<T>(email: string, kind: CacheKind, schema: BodySchema<T>, now = Date.now()): CachedEntry<T> | undefined {
  const store = storage();
  const key = storageKey(email, kind);
  let stored: unknown;
  try {
    const text = store?.getItem(key);
    if (!text) return undefined;
    stored = JSON.parse(text);
  } catch {
    stored = undefined;
  }
  if (isStoredEntry(stored) && stored.savedAt <= now && now - stored.savedAt < timing.cacheTtlMs) {
    const parsed = schema.safeParse(stored.value);
    if (parsed.success) return { value: parsed.data, savedAt: stored.savedAt };
  }
  try {
    store?.removeItem(key);
  } catch {
    // Nothing to tidy when storage is unavailable.
  }
  return undefined;
}

export function writeCache(email: string, kind: CacheKind, value: unknown, now = Date.now()): void {
  const entry: StoredEntry = { savedAt: now, value };
  try {
    storage()?.setItem(storageKey(email, kind), JSON.stringify(entry));
  } catch {
    // A full or disabled storage only costs the next visit its head start.
  }
}
