import { createLocalWriter } from './local/index.ts';
import { createOpenAiCompatibleWriter, type LlmSettings } from './openai-compatible.ts';
import type { Writer } from './types.ts';

export type { LlmSettings } from './openai-compatible.ts';
export type { BusinessBrief, IdeaDraft, StoryboardScenes, Writer } from './types.ts';
export { WriterError, wordBudget, wordsPerSecond } from './types.ts';

/** The chat endpoint when LLM_BASE_URL is set, else the offline copywriter. */
export function createWriter(llm: LlmSettings | undefined, log: (line: string) => void): Writer {
  return llm ? createOpenAiCompatibleWriter(llm, log) : createLocalWriter();
}
