import { countSpokenWords, maxPromptChars, maxScriptChars, wordsPerSecond, writerMessages, type IdeaGoal, type IdeaTone, type TargetAudience } from '@reelsmith/contracts';
import { UserFacingError } from '../../errors.ts';

export { wordsPerSecond };

/** The most words a voiceover of `seconds` may have so its estimated length (SPEC §9: words / 2.25) does not run past it. */
export function wordBudget(seconds: number): number {
  return Math.max(1, Math.floor(seconds * wordsPerSecond));
}

/**
 * The fewest words a voiceover for an existing video of `seconds` should have: it fills the video, leaving at most a
 * fifth of it without a voice (sentences rarely end exactly on the budget).
 */
export function videoWordFloor(seconds: number): number {
  return Math.floor(wordBudget(seconds) * 0.8);
}

/** Words as a voice says them (the script page's estimate counts the same way). */
export const countWords = countSpokenWords;

/** A business profile as the writer reads it: offerings already split into items. */
export interface BusinessBrief {
  businessName: string;
  businessType: string;
  goal: IdeaGoal;
  tone: IdeaTone;
  offerings: string[];
  targetAudience: TargetAudience;
}

export interface IdeaDraft {
  title: string;
  scriptPrompt: string;
}

export interface ScriptRequest {
  /** What the video is about, in the user's words (or an idea's script prompt). */
  prompt: string;
  targetSeconds: number;
  /** The user's saved business profile, when there is one: the script is about that business. */
  business?: BusinessBrief;
}

export interface VideoScriptRequest {
  /** The existing video's length: the voiceover must not run past it. */
  durationSeconds: number;
  /** What the voiceover should say about the video, when the user gave it. */
  prompt?: string;
  /** Speech already in the video (from transcription), to build on or rephrase. */
  transcript?: string;
  business?: BusinessBrief;
}

export interface StoryboardRequest {
  script: string;
  /** The scenes show this business when given. */
  business?: BusinessBrief;
}

/** Exactly six scene texts, in order (SPEC §3 Scenes: scene1 to scene6). */
export type StoryboardScenes = [string, string, string, string, string, string];

export const storyboardSceneCount = 6;

/** The most a writer may return, so one answer cannot flood the page or the database. */
export const writerLimits = {
  maxIdeas: 10,
  title: 200,
  /** An idea's prompt goes into the script step as it is, so it fits that step's limit. */
  scriptPrompt: maxPromptChars,
  script: maxScriptChars,
  scene: 600,
} as const;

/** The writing provider: every text the product generates goes through one of these. */
export interface Writer {
  readonly kind: 'local' | 'openai-compatible';
  /** `count` (1 to writerLimits.maxIdeas) distinct marketing ideas, each a title and a prompt to write its script from. */
  ideas(brief: BusinessBrief, count: number): Promise<IdeaDraft[]>;
  /** A voiceover script of at most wordBudget(targetSeconds) words. */
  scriptFromPrompt(request: ScriptRequest): Promise<string>;
  /** A voiceover that fits the existing video: at most wordBudget(durationSeconds) words. */
  scriptForVideo(request: VideoScriptRequest): Promise<string>;
  /** Six visual scene descriptions that tell the script's story in order. */
  storyboardScenes(request: StoryboardRequest): Promise<StoryboardScenes>;
}

export type WriterFailure = keyof typeof writerMessages;

/** A writer that could not deliver; the user sees a clear message and any credit taken for the request goes back. */
export class WriterError extends UserFacingError {
  constructor(
    readonly reason: WriterFailure,
    readonly detail: string,
  ) {
    super(reason === 'rateLimited' ? 503 : reason === 'timeout' ? 504 : 502, writerMessages[reason]);
  }
}
