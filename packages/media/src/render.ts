import { rm, writeFile } from 'node:fs/promises';
import type { CompositionInput } from './composition.ts';
import { compileComposition, type CompiledRender, type CompileOptions } from './compile/compile.ts';
import { runFfmpeg, type RunOptions, type RunResult } from './runner.ts';

export type RenderOptions = CompileOptions & Omit<RunOptions, 'duration'>;

/** Writes the side files the graph reads, runs ffmpeg and removes the side files again. */
export async function runCompiled({ args, duration, files }: CompiledRender, options: Omit<RunOptions, 'duration'>): Promise<RunResult> {
  try {
    await Promise.all(files.map((f) => writeFile(f.path, f.contents)));
    return await runFfmpeg(args, { ...options, duration });
  } finally {
    await Promise.all(files.map((f) => rm(f.path, { force: true })));
  }
}

export function renderComposition(composition: CompositionInput, options: RenderOptions): Promise<RunResult> {
  return runCompiled(compileComposition(composition, options), options);
}
