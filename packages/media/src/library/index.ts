/** What the server uses to build the media library; the parts (palettes, looks, expressions) stay internal. */
export { loopArgs, stillArgs, type FieldSpec, type LoopSpec } from './field.ts';
export { parallaxLoopArgs, type ParallaxLayers } from './parallax.ts';
export { backgroundRecipes, type BackgroundId } from './backgrounds.ts';
export { stockImageRecipes, stockVideoRecipes, type StockRecipe } from './stock-set.ts';
export { synthesize, wavFile, trackLayout, type TrackRecipe } from './synth.ts';
export { musicLoudness, loudnessProbeArgs, parseLoudness, musicEncodeArgs, silenceArgs, type MusicTrackRecipe } from './music.ts';
export { musicTrackRecipes } from './music-tracks.ts';
export { posterFrameArgs } from './poster.ts';
export { typePreviewArgs, previewAss, typePreviewRecipes, previewSeconds, previewSize, type TypePreviewId, type TypePreviewRecipe } from './type-previews.ts';
