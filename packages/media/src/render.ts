import { rm, writeFile } from 'node:fs/promises';
import type { CompositionInput } from './composition.ts';
import { compileComposition, type CompileOptions } from './compile/compile.ts';
import { runFfmpeg, type RunOptions, type RunResult } from './runner.ts';

export type RenderOptions = CompileOptions & Omit<RunOptions, 'duration'>;

/** Compiles, writes the side files the graph reads, runs ffmpeg and removes the side files again. */
export async function renderComposition(composition: CompositionInput, options: RenderOptions): Promise<RunResult> {
  const { args, duration, files } = compileComposition(composition, options);
  try {
    await Promise.all(files.map((f) => writeFile(f.path, f.contents)));
    return await runFfmpeg(args, { ...options, duration });
  } finally {
    await Promise.all(files.map((f) => rm(f.path, { force: true })));
  }
}
