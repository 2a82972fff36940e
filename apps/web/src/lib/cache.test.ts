import { subscriptionResponse, timing, videosResponse } from '@reelsmith/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCache, writeCache } from './cache.ts';

/** The part of the Web Storage API the cache uses, over a Map. */
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const subscription = {
  plan_name: 'Free Plan',
  plan_id: 'free',
  status: 'active',
  videos_used: 1,
  videos_allowed: 3,
  ai_videos_used: 0,
  ai_videos_allowed: 1,
  ideas_generated: 2,
  ideas_allowed: 10,
  end_date: '2026-11-21T10:00:00.000Z',
  cancel_at_period_end: false,
  scheduled_change: null,
  pending_upgrade: null,
  logo: null,
  trial_pack_taken: null,
  voice_id: null,
  ai_motion_templates: true,
};
const videos = { videos: [{ id: 'v1', video_url: '/files/v1.mp4', poster_url: null, title: 'Launch', created_at: '2026-01-01T00:00:00.000Z' }] };

describe('browser cache', () => {
  let storage: MemoryStorage;
  const t0 = Date.UTC(2026, 0, 1);

  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('gives back what was written, with the time it was saved', () => {
    writeCache('ana@example.com', 'subscription', subscription, t0);
    expect(readCache('ana@example.com', 'subscription', subscriptionResponse, t0 + 1000)).toEqual({ value: subscription, savedAt: t0 });
  });

  it('keeps each user and each kind apart', () => {
    writeCache('ana@example.com', 'videos', videos, t0);
    expect(readCache('bo@example.com', 'videos', videosResponse, t0)).toBeUndefined();
    expect(readCache('ana@example.com', 'invoices', videosResponse, t0)).toBeUndefined();
    expect(readCache(' ANA@example.com ', 'videos', videosResponse, t0)?.value).toEqual(videos);
  });

  it('treats an entry 24 hours old as missing and drops it', () => {
    writeCache('ana@example.com', 'videos', videos, t0);
    expect(readCache('ana@example.com', 'videos', videosResponse, t0 + timing.cacheTtlMs - 1)).toBeDefined();
    expect(readCache('ana@example.com', 'videos', videosResponse, t0 + timing.cacheTtlMs)).toBeUndefined();
    expect(storage.items.size).toBe(0);
  });

  it('treats an entry of another shape, or unreadable text, as missing', () => {
    writeCache('ana@example.com', 'subscription', { plan: 'old shape' }, t0);
    expect(readCache('ana@example.com', 'subscription', subscriptionResponse, t0)).toBeUndefined();
    storage.setItem('reelsmith.cache.videos.ana@example.com', '{not json');
    expect(readCache('ana@example.com', 'videos', videosResponse, t0)).toBeUndefined();
    expect(storage.items.size).toBe(0);
  });

  it('works as an empty cache when storage is unavailable or full', () => {
    vi.stubGlobal('localStorage', undefined);
    writeCache('ana@example.com', 'logo', '/files/logo.png', t0);
    expect(readCache('ana@example.com', 'logo', { safeParse: (v: unknown) => ({ success: true as const, data: v }) }, t0)).toBeUndefined();
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    });
    expect(() => writeCache('ana@example.com', 'logo', '/files/logo.png', t0)).not.toThrow();
  });
});
