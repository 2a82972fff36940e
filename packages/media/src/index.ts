export * from './composition.ts';
export { compileComposition, profiles, type CompileOptions, type CompiledRender, type ProfileName } from './compile/compile.ts';
export { targetLoudness } from './compile/audio.ts';
export { probe, ProbeError, type MediaInfo, type ProbeOptions } from './ffprobe.ts';
export { runFfmpeg, FfmpegError, FfmpegTimeoutError, type RunOptions, type RunResult } from './runner.ts';
export { renderComposition, type RenderOptions } from './render.ts';
export * from './subtitles/styles.ts';
export { buildAss, chunkWords, assTime, wordsPerScreenOptions, type AssOptions, type WordsPerScreen } from './subtitles/ass.ts';
export { decodeCheckArgs, verifyDecodes } from './decode-check.ts';
