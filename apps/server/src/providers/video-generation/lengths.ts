/** Longer scenes are not a use for generated clips (a reel is at most a few minutes), and the search below grows with it. */
export const longestPlannedSceneSeconds = 300;

/**
 * The clip lengths to ask the vendor for so that a scene of `sceneSeconds` is covered, longest first. A scene the
 * model can make in one go gets the shortest offered length that covers it. A longer one becomes a chain (each
 * next clip generated from the previous one's last frame): as few generations as possible, and among those the
 * fewest seconds in all, because vendors bill per generation and per second. The caller trims the overshoot.
 */
export function planClipLengths(sceneSeconds: number, lengths: readonly number[]): number[] {
  if (!(sceneSeconds > 0) || sceneSeconds > longestPlannedSceneSeconds) {
    throw new RangeError(`a scene of ${sceneSeconds} s cannot be planned (0 < seconds <= ${longestPlannedSceneSeconds})`);
  }
  const offered = [...new Set(lengths)].sort((a, b) => a - b);
  if (offered.length === 0 || !offered.every((l) => Number.isFinite(l) && l > 0)) {
    throw new RangeError(`the model's lengths must be positive numbers, got [${lengths.join(', ')}]`);
  }
  const longest = offered.at(-1)!;
  const count = Math.ceil(sceneSeconds / longest);
  let best: number[] | null = null;
  let bestTotal = Infinity;
  // Every multiset of `count` offered lengths, each list non-increasing so that no multiset is visited twice.
  const search = (chosen: number[], total: number, maxIndex: number) => {
    if (chosen.length === count) {
      if (total >= sceneSeconds && total < bestTotal) {
        best = [...chosen];
        bestTotal = total;
      }
      return;
    }
    const left = count - chosen.length;
    for (let i = maxIndex; i >= 0; i--) {
      // Even the longest lengths from here on cannot reach the scene: shorter choices cannot either.
      if (total + offered[i]! + (left - 1) * offered[i]! < sceneSeconds) break;
      chosen.push(offered[i]!);
      search(chosen, total + offered[i]!, i);
      chosen.pop();
    }
  };
  search([], 0, offered.length - 1);
  return best!;
}
