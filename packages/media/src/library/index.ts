export { loopArgs, stillArgs, geqExpression, type FieldSpec, type FieldLayer, type LoopSpec, type LoopOutputs, type RenderSize } from './field.ts';
export { rampChannel, colourAt, paletteStops, type Palette, type ColourStop } from './palette.ts';
export { palettes, families, type FamilyName, type PaletteName } from './looks.ts';
export { backgroundRecipes, type BackgroundId } from './backgrounds.ts';
export { stockImageRecipes, stockVideoRecipes, type StockRecipe } from './stock-set.ts';
export { synthesize, wavFile, trackLayout, chordNotes, type TrackRecipe, type Part } from './synth.ts';
export { musicLoudness, loudnessProbeArgs, parseLoudnorm, musicEncodeArgs, silenceArgs, type LoudnessMeasurement, type MusicTrackRecipe } from './music.ts';
export { musicTrackRecipes } from './music-tracks.ts';
export { posterFrameArgs } from './poster.ts';
