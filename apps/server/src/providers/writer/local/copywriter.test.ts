import { ideaGoals, ideaTones, targetAudiences } from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';
import { describeWriterContract } from '../contract.ts';
import { countWords, wordBudget, type BusinessBrief } from '../types.ts';
import { detectDomain } from './domains.ts';
import { createLocalWriter } from './index.ts';
import { audiences } from './voice.ts';

const writer = createLocalWriter();

const cafe: BusinessBrief = {
  businessName: 'Bloom & Brew',
  businessType: 'Neighbourhood café',
  goal: 'Generate Leads',
  tone: 'Relatable',
  offerings: ['cold brew', 'fresh pastries', 'office catering'],
  targetAudience: 'Working Professionals',
};

describe('the offline copywriter', () => {
  it('gives the same batch for the same brief and a different one when any field changes', async () => {
    expect(await writer.ideas(cafe, 5)).toEqual(await writer.ideas({ ...cafe, offerings: [...cafe.offerings] }, 5));
    const base = JSON.stringify(await writer.ideas(cafe, 5));
    const changes: Array<Partial<BusinessBrief>> = [
      { businessName: 'Fern Coffee' },
      { businessType: 'Roastery' },
      { goal: 'Drive Sales' },
      { tone: 'Edgy / Bold' },
      { offerings: ['flat whites'] },
      { targetAudience: 'Parents' },
    ];
    for (const change of changes) expect(JSON.stringify(await writer.ideas({ ...cafe, ...change }, 5))).not.toBe(base);
  });

  it('uses every field of the profile in every idea, and every offering across the batch', async () => {
    const ideas = await writer.ideas(cafe, 5);
    for (const idea of ideas) {
      expect(idea.scriptPrompt).toContain('Bloom & Brew');
      expect(idea.scriptPrompt).toContain('neighbourhood café');
      expect(idea.scriptPrompt).toContain('working professionals');
      expect(idea.scriptPrompt).toContain('Goal: Generate Leads — ');
      expect(idea.scriptPrompt).toContain('Tone: Relatable — ');
      expect(cafe.offerings.some((offering) => idea.scriptPrompt.includes(offering))).toBe(true);
    }
    for (const offering of cafe.offerings) expect(ideas.some((idea) => idea.scriptPrompt.includes(offering))).toBe(true);
  });

  it('writes in the chosen tone', async () => {
    const batches = await Promise.all(ideaTones.map((tone) => writer.ideas({ ...cafe, tone }, 5)));
    const titleSets = batches.map((ideas) => ideas.map((idea) => idea.title).join('|'));
    expect(new Set(titleSets).size).toBe(ideaTones.length);
    const edgy = batches[ideaTones.indexOf('Edgy / Bold')]!;
    expect(edgy.every((idea) => idea.scriptPrompt.includes('short punchy lines'))).toBe(true);
  });

  it('gives each idea of a batch its own real short-video structure, led by the goal', async () => {
    const structuresOf = async (brief: BusinessBrief) =>
      (await writer.ideas(brief, 5)).map((idea) => /^Structure: (.+)\.$/m.exec(idea.scriptPrompt)?.[1]);
    const leads = await structuresOf(cafe);
    expect(new Set(leads).size).toBe(5);
    expect(leads).toContain('hook, problem, solution, proof, call to action');
    expect(leads).toContain('PAS (problem, agitate, solution)');
    expect(await structuresOf({ ...cafe, goal: 'Drive Sales' })).toContain('AIDA (attention, interest, desire, action)');
  });

  it('never repeats an idea within a batch, for any goal, tone and audience', async () => {
    for (const goal of ideaGoals) {
      for (const tone of ideaTones) {
        for (const targetAudience of targetAudiences) {
          const ideas = await writer.ideas({ ...cafe, goal, tone, targetAudience, offerings: ['cold brew'] }, 10);
          expect(new Set(ideas.map((idea) => idea.title.toLowerCase())).size).toBe(10);
          expect(new Set(ideas.map((idea) => idea.scriptPrompt)).size).toBe(10);
        }
      }
    }
  });

  it('speaks to the chosen audience in its own words', async () => {
    const ideas = await writer.ideas({ ...cafe, targetAudience: 'Parents' }, 5);
    const text = ideas.map((idea) => idea.scriptPrompt).join('\n');
    expect(text).toContain(audiences.Parents.plural);
    expect(text).not.toContain('working professionals');
  });

  it('recognises common kinds of business and falls back to plain wording for others', () => {
    expect(detectDomain('Neighbourhood café').id).toBe('food');
    expect(detectDomain('Family dental clinic').id).toBe('health');
    expect(detectDomain('Nail bar', ['gel nails']).id).toBe('beauty');
    expect(detectDomain('Accounting firm').id).toBe('services');
    expect(detectDomain('Studio', ['HIIT classes', 'yoga']).id).toBe('fitness');
    expect(detectDomain('Widget makers').id).toBe('general');
  });

  it('turns an idea into a spoken script that fits the length, without labels or stage directions', async () => {
    const ideas = await writer.ideas(cafe, 5);
    for (const idea of ideas) {
      for (const seconds of [7, 15, 30, 45, 59]) {
        const script = await writer.scriptFromPrompt({ prompt: idea.scriptPrompt, targetSeconds: seconds });
        expect(countWords(script)).toBeLessThanOrEqual(wordBudget(seconds));
        if (seconds >= 30) expect(countWords(script)).toBeGreaterThanOrEqual(wordBudget(seconds) * 0.45);
        expect(script).not.toMatch(/^(Structure|Goal|Tone|Format|Shots|Note|Hook|Problem|Call to action):/m);
        expect(script).not.toContain('Show ');
      }
    }
  });

  it('keeps the hook and the call to action when the video is short', async () => {
    for (const idea of await writer.ideas({ ...cafe, goal: 'Drive Sales' }, 5)) {
      const full = await writer.scriptFromPrompt({ prompt: idea.scriptPrompt, targetSeconds: 59 });
      const short = await writer.scriptFromPrompt({ prompt: idea.scriptPrompt, targetSeconds: 15 });
      expect(short.split('\n')[0]).toBe(full.split('\n')[0]);
      expect(short).toContain('— link in bio.');
    }
  });

  it('writes from the user’s own words when the prompt is free text', async () => {
    const script = await writer.scriptFromPrompt({ prompt: 'Write a video about our summer sale on running shoes. Everything is 30% off until Sunday.', targetSeconds: 15 });
    expect(script).toContain('Our summer sale on running shoes.');
    expect(script).toContain('Everything is 30% off until Sunday.');
    expect(countWords(script)).toBeLessThanOrEqual(wordBudget(15));
  });

  it('fits a voiceover to an existing video from its transcript', async () => {
    const script = await writer.scriptForVideo({ durationSeconds: 6, transcript: 'Welcome to the new studio. We open on Monday. Come and say hello.' });
    expect(countWords(script)).toBeLessThanOrEqual(wordBudget(6));
    expect(script).toContain('Welcome to the new studio.');
  });

  it('tells the script in six scenes, in order, with a shot and the words spoken over it', async () => {
    const [idea] = await writer.ideas(cafe, 1);
    const script = await writer.scriptFromPrompt({ prompt: idea!.scriptPrompt, targetSeconds: 45 });
    const scenes = await writer.storyboardScenes({ script });
    expect(scenes).toHaveLength(6);
    const firstLine = script.split('\n')[0]!;
    expect(scenes[0]).toContain(firstLine.slice(0, 30));
    expect(scenes[5]).toContain('link in bio');
    expect(await writer.storyboardScenes({ script })).toEqual(scenes);
  });
});

describeWriterContract('local copywriter', () => createLocalWriter());
