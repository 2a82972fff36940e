import type {
  detectSilences,
  fontFileOf,
  joinSegments,
  MediaInfo,
  probe,
  renderComposition,
  renderEndCard,
  renderSegment,
  renderSoundtrack,
  runFfmpeg,
  verifyDecodes,
  writeRecognitionWav,
} from '@reelsmith/media';

/**
 * Everything in the server that starts ffmpeg or ffprobe goes through this port, built once at the composition root,
 * so a test or a worker can swap or wrap the processes in one place. The arguments themselves stay pure functions of
 * packages/media, which callers may import freely; only the functions that spawn a process live here.
 */
export interface MediaPort {
  probe: typeof probe;
  runFfmpeg: typeof runFfmpeg;
  verifyDecodes: typeof verifyDecodes;
  renderComposition: typeof renderComposition;
  /** The pieces of a segmented render (jobs/segmented-render.ts). */
  renderSegment: typeof renderSegment;
  renderSoundtrack: typeof renderSoundtrack;
  joinSegments: typeof joinSegments;
  writeRecognitionWav: typeof writeRecognitionWav;
  detectSilences: typeof detectSilences;
  /** The brand's end card picture (packages/media brand/end-card.ts), and the font files it is drawn with. */
  renderEndCard: typeof renderEndCard;
  fontFileOf: typeof fontFileOf;
  /** probe, then decode the last seconds: a file cut short behind a valid header fails here rather than in a render. */
  probeDecodable(path: string): Promise<MediaInfo>;
}
