import { describe, expect, it } from 'vitest';
import { templateText } from './template-text.ts';
import { featuresOf, offerOf, placeFromWords, sidesOf, templateFromWords } from './template-words.ts';

describe('the words a motion template reads', () => {
  it('finds an offer and its code in Product Intro details', () => {
    expect(offerOf('20% off, code GLOW20')).toEqual({ offer: '20% off', code: 'GLOW20', rest: '' });
    expect(offerOf('Use SUMMER-5 at checkout')).toMatchObject({ code: 'SUMMER-5' });
    expect(offerOf('Visit our shop on MG Road')).toEqual({ rest: 'Visit our shop on MG Road' });
  });

  it('splits features into at most four short labels', () => {
    expect(featuresOf('the pump, the glass bottle and the vitamin C core')).toEqual(['pump', 'glass bottle', 'vitamin C core']);
    expect(featuresOf('a, b, c, d, e')).toHaveLength(4);
    expect(featuresOf('an extraordinarily long feature name that cannot fit')[0]!.length).toBeLessThanOrEqual(28);
  });

  it('reads the two sides of a reveal', () => {
    expect(sidesOf('dull skin, then a bright glow')).toEqual({ before: 'dull skin', after: 'a bright glow' });
    expect(sidesOf('from frizz to shine')).toEqual({ before: 'frizz', after: 'shine' });
    expect(sidesOf('glowing')).toEqual({ after: 'glowing' });
  });

  it('picks a template and a place from a scene’s words', () => {
    expect(templateFromWords('A hand holds the serum up')).toBe('hand');
    expect(templateFromWords('Its parts: pump, bottle, core')).toBe('features');
    expect(templateFromWords('20% off this week, shop now')).toBe('outro');
    expect(templateFromWords('Relax after work with a warm cup')).toBeNull();
    expect(templateFromWords('A before-and-after of the kitchen')).toBe('reveal');
    expect(templateFromWords('a sunset over the sea')).toBeNull();
    expect(placeFromWords('on a sunny breakfast table')).toBe('Kitchen');
    expect(placeFromWords('relaxing on the sofa')).toBe('Livingroom');
    // Without a cue the place still varies from text to text, and is stable for one text.
    expect(placeFromWords('abc')).toBe(placeFromWords('abc'));
  });

  it('sets a scene’s details as a headline with a capital, and a showcase text as the user wrote it', () => {
    const product = { x: 400, y: 760, width: 280, height: 620 };
    const headline = (name: 'lifestyle' | 'showcase', words: { details?: string; headline?: string }) =>
      templateText(name, words, product, 3.5).blocks.find((block) => block.kind === 'headline')?.text;
    expect(headline('lifestyle', { details: 'on a sunlit bathroom shelf' })).toBe('On a sunlit bathroom shelf');
    expect(headline('showcase', { headline: 'glow, daily' })).toBe('glow, daily');
  });
});
