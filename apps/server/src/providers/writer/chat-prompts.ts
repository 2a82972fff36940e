import { z } from 'zod';
import { storyboardSceneCount, videoWordFloor, wordsPerSecond, writerLimits, type BusinessBrief } from './types.ts';

/**
 * What the chat model is asked, and the shape its JSON answer must have. The JSON schemas are written by hand with
 * only the keywords every OpenAI-compatible server accepts in strict mode; the zod schemas then check the limits.
 */
export interface ChatTask<T> {
  name: string;
  instructions: string;
  input: Record<string, unknown>;
  jsonSchema: Record<string, unknown>;
  answer: z.ZodType<T>;
  temperature: number;
}

export const systemMessage =
  "You are Reelsmith's copywriter. You write short vertical (9:16) marketing videos for small businesses, " +
  'freelancers and agencies. Answer with one JSON object that matches the given schema, and nothing else.';

const ideasAnswer = z.object({
  ideas: z
    .array(z.object({ title: z.string().trim().min(1).max(writerLimits.title), script_prompt: z.string().trim().min(1).max(writerLimits.scriptPrompt) }))
    .min(1),
});

const scriptAnswer = z.object({ script: z.string().trim().min(1).max(writerLimits.script) });
const scenesAnswer = z.object({ scenes: z.array(z.string().trim().min(1).max(writerLimits.scene)).min(storyboardSceneCount) });

export function ideasTask(brief: BusinessBrief, count: number): ChatTask<z.infer<typeof ideasAnswer>> {
  return {
    name: 'marketing_ideas',
    temperature: 0.9,
    instructions: [
      `Write ${count} marketing video ideas for the business below.`,
      '- Use every field: the business name and type, the offerings (spread them over the ideas), the target audience, the goal and the tone.',
      '- Give each idea a different proven short-video structure: hook-problem-solution-proof-call to action, AIDA, PAS, before-after-bridge, numbered list, myth vs fact, behind the scenes, customer story, POV skit, or reply to a question.',
      '- title: a scroll-stopping title of at most 80 characters, written in the tone.',
      '- script_prompt: a brief of at most 900 characters that a script writer turns into a 20 to 45 second voiceover: the length, the structure, each beat, a call to action that serves the goal, and the tone.',
      '- No two ideas alike. Do not invent prices, statistics or reviews.',
    ].join('\n'),
    input: {
      business_name: brief.businessName,
      business_type: brief.businessType,
      offerings: brief.offerings,
      target_audience: brief.targetAudience,
      goal: brief.goal,
      tone: brief.tone,
      count,
    },
    jsonSchema: {
      type: 'object',
      properties: {
        ideas: {
          type: 'array',
          items: {
            type: 'object',
            properties: { title: { type: 'string' }, script_prompt: { type: 'string' } },
            required: ['title', 'script_prompt'],
            additionalProperties: false,
          },
        },
      },
      required: ['ideas'],
      additionalProperties: false,
    },
    answer: ideasAnswer,
  };
}

const scriptRules =
  'Open with a hook in the first sentence and end with a clear call to action. Write only the words to be spoken: ' +
  'no stage directions, labels, hashtags or emojis.';

/** The user's business profile as the model reads it; the same fields the ideas task is given. */
function businessInput(brief: BusinessBrief) {
  return {
    name: brief.businessName,
    type: brief.businessType,
    offerings: brief.offerings,
    target_audience: brief.targetAudience,
    goal: brief.goal,
    tone: brief.tone,
  };
}

/**
 * With a saved profile the text is about that business: an instruction and the profile under `business`. Without
 * one, neither, so the model is not told to follow an empty profile.
 */
function withBusiness(instructions: string, input: Record<string, unknown>, brief: BusinessBrief | undefined, use: string) {
  if (!brief) return { instructions, input };
  return { instructions: `${instructions} ${use}`, input: { ...input, business: businessInput(brief) } };
}

const businessScriptUse =
  'The video is for the business in the input: name it, speak to its target audience, feature the offerings that fit, ' +
  'serve its goal and write in its tone. Do not invent prices, statistics or reviews.';

const scriptSchema = {
  type: 'object',
  properties: { script: { type: 'string' } },
  required: ['script'],
  additionalProperties: false,
};

export function scriptTask(prompt: string, seconds: number, maxWords: number, business?: BusinessBrief): ChatTask<z.infer<typeof scriptAnswer>> {
  return {
    name: 'voiceover_script',
    temperature: 0.7,
    ...withBusiness(
      `Write the voiceover script for a ${seconds}-second vertical video about the prompt below. Use at most ${maxWords} words (people speak ${wordsPerSecond} words a second). ${scriptRules}`,
      { prompt, target_seconds: seconds, max_words: maxWords },
      business,
      businessScriptUse,
    ),
    jsonSchema: scriptSchema,
    answer: scriptAnswer,
  };
}

export function videoScriptTask(
  request: { prompt?: string; transcript?: string; durationSeconds: number; business?: BusinessBrief },
  maxWords: number,
): ChatTask<z.infer<typeof scriptAnswer>> {
  return {
    name: 'video_voiceover_script',
    temperature: 0.7,
    ...withBusiness(
      `Write a voiceover for an existing ${request.durationSeconds}-second video. Use between ${videoWordFloor(request.durationSeconds)} and ${maxWords} words so it fills the video and never runs past it. ` +
        `Follow the prompt when there is one; when a transcript of speech already in the video is given, build on what it says. ${scriptRules}`,
      { prompt: request.prompt ?? null, transcript: request.transcript ?? null, duration_seconds: request.durationSeconds, max_words: maxWords },
      request.business,
      businessScriptUse,
    ),
    jsonSchema: scriptSchema,
    answer: scriptAnswer,
  };
}

export function scenesTask(script: string, business?: BusinessBrief): ChatTask<z.infer<typeof scenesAnswer>> {
  return {
    name: 'storyboard_scenes',
    temperature: 0.6,
    ...withBusiness(
      `Split the voiceover script below into exactly ${storyboardSceneCount} storyboard scenes, in order. Each scene is at most 300 characters: ` +
        'what the camera shows (subject, setting, shot, motion), then the part of the script spoken over it.',
      { script },
      business,
      'The scenes show the business in the input: its kind of place, its offerings and the people of its target audience.',
    ),
    jsonSchema: {
      type: 'object',
      properties: { scenes: { type: 'array', description: `Exactly ${storyboardSceneCount} scenes, in story order`, items: { type: 'string' } } },
      required: ['scenes'],
      additionalProperties: false,
    },
    answer: scenesAnswer,
  };
}
