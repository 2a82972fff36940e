import type { JobEstimate } from '@reelsmith/contracts';
import { useEffect, useRef } from 'react';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One poll's reading: still running (with a percent and this server's measured wait when known), finished with a URL, or failed with its words. */
export type Reading = { phase: 'running'; percent?: number; estimate?: JobEstimate } | { phase: 'done'; url: string } | { phase: 'failed'; message: string };

/**
 * Polls `read` every `pollMs` until it reads done or failed, for as long as the page is open. Both UGC steps follow
 * their job this way (SPEC §4: every 5 s); a page that unmounts stops asking.
 */
export function useFollow() {
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  return async function follow(read: () => Promise<Reading>, options: { pollMs: number; firstNow: boolean; onRunning(percent?: number, estimate?: JobEstimate): void }): Promise<Reading | null> {
    if (!options.firstNow) await wait(options.pollMs);
    for (;;) {
      if (!alive.current) return null;
      const reading = await read();
      if (!alive.current) return null;
      if (reading.phase !== 'running') return reading;
      options.onRunning(reading.percent, reading.estimate);
      await wait(options.pollMs);
    }
  };
}
