import type { JobEstimate } from '@reelsmith/contracts';
import { useEffect, useRef, useState } from 'react';
import { measuredLeft, nextTimeLeft, received, secondsLeft, type ReceivedEstimate, type TimeLeft } from './progress.ts';

/**
 * The time left of a wait, reckoned once a second so it follows the clock between two polls: from the server's
 * measured wait where the status answers carry one, else from the work's percent. It only ever goes down.
 */
export function useTimeLeft(estimate: JobEstimate | undefined, percent: number | undefined): TimeLeft {
  const [left, setLeft] = useState<TimeLeft>(null);
  const { expected_seconds: expected, elapsed_seconds: elapsed } = estimate ?? {};
  const latest = useRef<{ measured: ReceivedEstimate | null; percent?: number }>({ measured: null });
  useEffect(() => {
    latest.current.measured = received({ expected_seconds: expected, elapsed_seconds: elapsed }, Date.now());
  }, [expected, elapsed]);
  useEffect(() => {
    latest.current.percent = percent;
  }, [percent]);
  useEffect(() => {
    const startedAt = Date.now();
    const tick = () => {
      const { measured, percent } = latest.current;
      const now = Date.now();
      const reckoned = measured ? measuredLeft(measured, now) : percent === undefined ? null : secondsLeft(percent, now - startedAt);
      setLeft((shown) => nextTimeLeft(shown, reckoned));
    };
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, []);
  return left;
}
