import { busyTexts, type JobEstimate } from '@reelsmith/contracts';

/** The server's measured wait as this page received it: `at` is this browser's clock then, to count down between polls. */
export interface ReceivedEstimate {
  expectedSeconds: number;
  elapsedSeconds: number;
  at: number;
}

/** The measured wait of a status answer, kept apart from the rest of it. */
export const estimateOf = ({ expected_seconds, elapsed_seconds }: JobEstimate): JobEstimate => ({ expected_seconds, elapsed_seconds });

/** Null while the status answer carries no measured wait (an older server, or a finished job). */
export function received(estimate: JobEstimate | undefined, at: number): ReceivedEstimate | null {
  if (estimate?.expected_seconds === undefined) return null;
  return { expectedSeconds: estimate.expected_seconds, elapsedSeconds: estimate.elapsed_seconds ?? 0, at };
}

/** Seconds left by the measured wait at `now`; zero or less once the job has gone on longer than its kind usually does. */
export function measuredLeft(estimate: ReceivedEstimate, now: number): number {
  return estimate.expectedSeconds - estimate.elapsedSeconds - (now - estimate.at) / 1000;
}

/**
 * Seconds left of work that reports its percent, extrapolated from how long the share done so far took. Null while
 * there is too little to go on: an estimate from the first percent or two would swing wildly.
 */
export function secondsLeft(percent: number, elapsedMs: number): number | null {
  if (percent < 3 || percent >= 100 || elapsedMs < 2000) return null;
  return Math.max(1, Math.round(((elapsedMs / 1000) * (100 - percent)) / percent));
}

/** Seconds left as shown; 'overrun' once the wait is over and the work is not; null with nothing to go on yet. */
export type TimeLeft = number | 'overrun' | null;

/**
 * The time left to show next, given what was shown and a fresh reckoning: never more than before, since a count that
 * goes up (24 s, then 35 s) tells the user the last one was wrong; and once past the wait, no count at all.
 */
export function nextTimeLeft(shown: TimeLeft, reckoned: number | null): TimeLeft {
  if (shown === 'overrun' || reckoned === null) return shown;
  if (reckoned <= 0) return 'overrun';
  return shown === null ? reckoned : Math.min(shown, reckoned);
}

/** Whole seconds near the end, else steps of 5: a count that changes every second over a minute reads as false precision. */
const rounded = (seconds: number) => (seconds <= 10 ? Math.ceil(seconds) : Math.ceil(seconds / 5) * 5);

/** Past the wait, 'Almost done…' unless the work itself says it is far from done. */
const overrunText = (percent: number | undefined) => (percent !== undefined && percent < 80 ? busyTexts.longerThanUsual : busyTexts.almostDone);

/** The line under the estimate, as seen. */
export function timeLeftText(left: Exclude<TimeLeft, null>, percent?: number): string {
  return left === 'overrun' ? overrunText(percent) : busyTexts.timeLeft(rounded(left));
}

/** The same for screen readers: it changes at most once a minute, so a polite live region is not read out every second. */
export function timeLeftSpoken(left: Exclude<TimeLeft, null>, percent?: number): string {
  if (left === 'overrun') return overrunText(percent);
  return left >= 60 ? busyTexts.timeLeft(left) : busyTexts.underAMinute;
}
