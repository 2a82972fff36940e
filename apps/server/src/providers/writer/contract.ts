import { describe, expect, it } from 'vitest';
import { countWords, storyboardSceneCount, videoWordFloor, wordBudget, writerLimits, type BusinessBrief, type Writer } from './types.ts';

const brief: BusinessBrief = {
  businessName: 'Bloom & Brew',
  businessType: 'Neighbourhood café',
  goal: 'Generate Leads',
  tone: 'Relatable',
  offerings: ['cold brew', 'fresh pastries', 'office catering'],
  targetAudience: 'Working Professionals',
};

/**
 * What every writer promises, whichever is configured: the services rely on exactly this. Each adapter's own test
 * file runs it; `make` is called for every case, after that file's beforeAll has started any fake server.
 */
export function describeWriterContract(name: string, make: () => Writer) {
  describe(`writer contract: ${name}`, () => {
    it('writes the number of ideas asked for, each distinct, titled and within the limits', async () => {
      for (const count of [1, 5, writerLimits.maxIdeas]) {
        const ideas = await make().ideas(brief, count);
        expect(ideas).toHaveLength(count);
        expect(new Set(ideas.map((idea) => idea.title.toLowerCase())).size).toBe(count);
        for (const idea of ideas) {
          expect(idea.title.trim().length).toBeGreaterThan(0);
          expect(idea.title.length).toBeLessThanOrEqual(writerLimits.title);
          expect(idea.scriptPrompt.trim().length).toBeGreaterThan(0);
          expect(idea.scriptPrompt.length).toBeLessThanOrEqual(writerLimits.scriptPrompt);
        }
      }
    });

    it('names the business in its ideas', async () => {
      const ideas = await make().ideas(brief, 5);
      for (const idea of ideas) expect(`${idea.title} ${idea.scriptPrompt}`).toContain('Bloom & Brew');
    });

    it.each([7, 14, 30, 59])('fits a script from a prompt to %i seconds at 2.25 words a second', async (seconds) => {
      const script = await make().scriptFromPrompt({ prompt: 'Cold brew for busy office workers at Bloom & Brew', targetSeconds: seconds });
      expect(countWords(script)).toBeGreaterThan(0);
      expect(countWords(script)).toBeLessThanOrEqual(wordBudget(seconds));
    });

    it('fits a script to an existing video', async () => {
      const script = await make().scriptForVideo({ durationSeconds: 12, prompt: 'Our new pastry counter', transcript: 'Welcome in!' });
      expect(countWords(script)).toBeGreaterThan(0);
      expect(countWords(script)).toBeLessThanOrEqual(wordBudget(12));
    });

    it.each([12, 20, 45, 59])('fills an existing %i-second video at 2.25 words a second, with or without a prompt or speech', async (seconds) => {
      for (const request of [{ prompt: 'Our new pastry counter' }, { transcript: 'Welcome in!' }, {}]) {
        const script = await make().scriptForVideo({ durationSeconds: seconds, ...request });
        expect(countWords(script)).toBeLessThanOrEqual(wordBudget(seconds));
        expect(countWords(script), JSON.stringify(request)).toBeGreaterThanOrEqual(videoWordFloor(seconds));
      }
    });

    it('cuts a script into six non-empty scenes', async () => {
      const scenes = await make().storyboardScenes({ script: 'Tired of bad coffee? Try our cold brew. Smooth, strong, ready in a minute. Join the list — link in bio.' });
      expect(scenes).toHaveLength(storyboardSceneCount);
      for (const scene of scenes) {
        expect(scene.trim().length).toBeGreaterThan(0);
        expect(scene.length).toBeLessThanOrEqual(writerLimits.scene);
      }
    });
  });
}
