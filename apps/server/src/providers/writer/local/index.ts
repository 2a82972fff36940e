import type { Writer } from '../types.ts';
import { wordBudget } from '../types.ts';
import { writeIdeas } from './ideas.ts';
import { writeScenes } from './scenes.ts';
import { writeScript, writeVideoScript } from './script.ts';

/**
 * The offline copywriter: no network, no model, the same answer for the same input. It knows real short-video
 * structures and the wording of common kinds of small business, so its drafts are a useful start, not filler.
 */
export function createLocalWriter(): Writer {
  return {
    kind: 'local',
    ideas: async (brief, count) => writeIdeas(brief, count),
    scriptFromPrompt: async ({ prompt, targetSeconds, business }) => writeScript(prompt, wordBudget(targetSeconds), business),
    scriptForVideo: async (request) => writeVideoScript(request, wordBudget(request.durationSeconds), request.business),
    storyboardScenes: async ({ script, business }) => writeScenes(script, business),
  };
}
