import { detectSilences, fontFileOf, joinSegments, probe, renderComposition, renderEndCard, renderSegment, renderSoundtrack, runFfmpeg, verifyDecodes, writeRecognitionWav } from '@reelsmith/media';
import type { MediaPort } from './types.ts';

export type { MediaPort } from './types.ts';

/** The port over the local ffmpeg and ffprobe binaries. */
export function createMediaPort(): MediaPort {
  return {
    probe,
    runFfmpeg,
    verifyDecodes,
    renderComposition,
    renderSegment,
    renderSoundtrack,
    joinSegments,
    writeRecognitionWav,
    detectSilences,
    renderEndCard,
    fontFileOf,
    async probeDecodable(path) {
      const info = await probe(path);
      if (info.duration > 0) await verifyDecodes(path, info.duration);
      return info;
    },
  };
}
