import type { VoiceName } from '@reelsmith/contracts';

/**
 * The nine offline voices (docs/tts-voices.md has the comparison behind them). Only four real speakers exist
 * offline in Debian (CMU Arctic slt, rms, awb and the kal diphones), so each name gets its own speaker, pitch,
 * pace and/or vocal-tract size:
 * - `shift` relabels the sample rate after synthesis: pitch, formants and pace move together, as if a smaller
 *   (> 1) or larger (< 1) person spoke; every time in the file scales by exactly 1/shift.
 * - festival's HTS voice (the most natural one, 32 kHz) takes a speaking rate (`-r`); flite takes a target mean
 *   pitch in Hz and a duration stretch (> 1 is slower).
 */
export type LocalEngine =
  | { kind: 'festival-hts'; rate: number }
  | { kind: 'flite'; voice: 'slt' | 'rms' | 'awb' | 'kal16'; f0Mean?: number; durationStretch: number };

export interface LocalVoice {
  engine: LocalEngine;
  shift: number;
}

export const localVoices: Record<VoiceName, LocalVoice> = {
  alloy: { engine: { kind: 'festival-hts', rate: 1.1 }, shift: 0.86 },
  ash: { engine: { kind: 'flite', voice: 'rms', durationStretch: 1 }, shift: 1 },
  coral: { engine: { kind: 'festival-hts', rate: 1.02 }, shift: 1 },
  echo: { engine: { kind: 'flite', voice: 'kal16', f0Mean: 118, durationStretch: 1 }, shift: 1 },
  fable: { engine: { kind: 'flite', voice: 'awb', durationStretch: 1.05 }, shift: 1 },
  onyx: { engine: { kind: 'flite', voice: 'kal16', f0Mean: 88, durationStretch: 1.12 }, shift: 1 },
  nova: { engine: { kind: 'flite', voice: 'slt', f0Mean: 200, durationStretch: 0.98 }, shift: 1 },
  sage: { engine: { kind: 'flite', voice: 'slt', f0Mean: 150, durationStretch: 1.12 }, shift: 1 },
  shimmer: { engine: { kind: 'festival-hts', rate: 0.92 }, shift: 1.06 },
};

const slower = /\b(slow(ly|er)?|calm(ly)?|relax(ed|ing)?|gentl[ey]|sooth(ing)?|measured|unhurried)\b/i;
const faster = /\b(fast(er)?|quick(ly|er)?|energetic|excit(ed|ing)|upbeat|urgent|brisk|hyped?|lively)\b/i;

/**
 * The offline voices cannot act out free-form instructions, but they can take the pace from them: "calm and slow"
 * reads 10% slower, "upbeat" 10% faster; anything else (or both at once) leaves the voice's own pace.
 */
export function paceFromInstructions(instructions: string | undefined): number {
  const slow = slower.test(instructions ?? '');
  const fast = faster.test(instructions ?? '');
  return slow === fast ? 1 : slow ? 0.9 : 1.1;
}
