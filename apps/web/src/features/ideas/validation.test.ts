import { formMessages, ideaMessages } from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';
import { emptyProfile, profileErrors, profileFieldError } from './validation.ts';

describe('business profile form checks', () => {
  it('starts from the spec defaults with the text fields empty', () => {
    expect(emptyProfile).toEqual({
      business_name: '',
      business_type: '',
      offerings: '',
      goal: 'Generate Leads',
      tone: 'Professional',
      target_audience: 'Working Professionals',
    });
    expect(Object.keys(profileErrors(emptyProfile)).sort()).toEqual(['business_name', 'business_type', 'offerings']);
  });

  it('names the field and the problem', () => {
    expect(profileFieldError('business_name', '  ')).toBe(formMessages.required('Business Name'));
    expect(profileFieldError('business_type', 'x'.repeat(81))).toBe(ideaMessages.tooLong('Business Type', 80));
    expect(profileFieldError('offerings', ' , ')).toBe(formMessages.required('Offerings'));
    expect(profileFieldError('offerings', Array.from({ length: 11 }, (_, i) => `o${i}`).join(','))).toBe(ideaMessages.offeringsTooMany);
    expect(profileFieldError('offerings', `tea, ${'x'.repeat(61)}`)).toBe(ideaMessages.offeringsTooLong);
    expect(profileFieldError('offerings', 'cold brew, pastries')).toBeUndefined();
  });
});
