/**
 * Seconds left of work that reports its percent, extrapolated from how long the share done so far took. Null while
 * there is too little to go on: an estimate from the first percent or two would swing wildly.
 */
export function secondsLeft(percent: number, elapsedMs: number): number | null {
  if (percent < 3 || percent >= 100 || elapsedMs < 2000) return null;
  return Math.max(1, Math.round(((elapsedMs / 1000) * (100 - percent)) / percent));
}
