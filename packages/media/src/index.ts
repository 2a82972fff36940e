export * from './composition.ts';
export { compileComposition, fps as renderFps, profiles, type CompileOptions, type CompiledRender, type ProfileName } from './compile/compile.ts';
export { targetLoudness } from './compile/audio.ts';
export { probe, ProbeError, type MediaInfo, type ProbeOptions } from './ffprobe.ts';
export { runFfmpeg, FfmpegError, FfmpegTimeoutError, type RunOptions, type RunResult } from './runner.ts';
export { renderComposition, runCompiled, type RenderOptions } from './render.ts';
export * from './subtitles/styles.ts';
export { buildAss, chunkWords, assTime, wordsPerScreenOptions, type AssOptions, type WordsPerScreen } from './subtitles/ass.ts';
export { decodeCheckArgs, verifyDecodes } from './decode-check.ts';
export * from './library/index.ts';
export * from './speech.ts';
export { recognitionSampleRate, recognitionWavArgs, writeRecognitionWav, type RecognitionWavOptions } from './transcode.ts';
export { effectPreview, effectPreviewArgs, effectPreviewSeconds } from './effects.ts';
export * from './motion/index.ts';
export {
  compileJoin,
  compileSegment,
  compileSoundtrack,
  cutSegmentArgs,
  keyframeInterval,
  segmentBounds,
  type JoinOptions,
  type SegmentBounds,
  type SegmentOptions,
} from './compile/segments.ts';
export { joinSegments, planSegments, renderSegment, renderSegmented, renderSoundtrack, type JoinRenderOptions, type SegmentedOptions } from './segmented.ts';
export {
  endCardArgs,
  endCardLayout,
  endCardSize,
  endCardSpecSchema,
  estimateWidth,
  fitText,
  renderEndCard,
  type EndCardLayout,
  type EndCardSpec,
  type FittedText,
  type TextFit,
} from './brand/end-card.ts';
export { fontFileOf, fontMatchArgs, matchedFontFile } from './brand/fonts.ts';
