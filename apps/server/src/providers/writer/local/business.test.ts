import { describe, expect, it } from 'vitest';
import { countWords, wordBudget, type BusinessBrief } from '../types.ts';
import { createLocalWriter } from './index.ts';
import { audiences } from './voice.ts';

const writer = createLocalWriter();

const dental: BusinessBrief = {
  businessName: 'Smile Street Dental',
  businessType: 'Family dental clinic',
  goal: 'Generate Leads',
  tone: 'Professional',
  offerings: ['teeth whitening', 'check-ups'],
  targetAudience: 'Parents',
};

describe('the offline copywriter with a saved business profile', () => {
  it('names the business and its offer in a script from free words, even a short one', async () => {
    const prompt = 'Our spring open day is this Saturday. Bring the whole family.';
    for (const seconds of [10, 30, 59]) {
      const script = await writer.scriptFromPrompt({ prompt, targetSeconds: seconds, business: dental });
      expect(script).toContain('Smile Street Dental');
      expect(countWords(script)).toBeLessThanOrEqual(wordBudget(seconds));
      if (seconds >= 30) expect(script).toContain('teeth whitening and check-ups');
    }
    const without = await writer.scriptFromPrompt({ prompt, targetSeconds: 30 });
    expect(without).not.toContain('Smile Street Dental');
  });

  it('speaks to the saved audience when the video has room', async () => {
    const script = await writer.scriptFromPrompt({ prompt: 'Our spring open day is this Saturday.', targetSeconds: 59, business: dental });
    expect(script).toContain(audiences.Parents.plural);
    expect(script).toContain('Find Smile Street Dental at the link in bio.');
  });

  it('names the business in a voiceover for an existing video', async () => {
    const script = await writer.scriptForVideo({ durationSeconds: 20, transcript: 'Welcome to the new surgery. We open on Monday.', business: dental });
    expect(script).toContain('Welcome to the new surgery.');
    expect(script).toContain('Smile Street Dental');
    expect(countWords(script)).toBeLessThanOrEqual(wordBudget(20));
  });

  it("shows the business's kind, audience and name in the storyboard scenes", async () => {
    const script = await writer.scriptFromPrompt({ prompt: 'Our spring open day is this Saturday. Bring the whole family.', targetSeconds: 30, business: dental });
    const scenes = await writer.storyboardScenes({ script, business: dental });
    expect(scenes).toHaveLength(6);
    expect(scenes[4]).toContain(audiences.Parents.plural);
    expect(scenes[5]).toContain('Smile Street Dental');
    const generic = await writer.storyboardScenes({ script: 'Our spring open day is this Saturday. Bring the whole family.' });
    expect(scenes[0]!.split('.')[0]).not.toBe(generic[0]!.split('.')[0]);
  });
});
