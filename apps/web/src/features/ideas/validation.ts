import {
  businessProfileDefaults,
  businessProfileLimits,
  formMessages,
  ideaFieldLabels,
  ideaMessages,
  offeringsProblem,
  type BusinessProfileInput,
} from '@reelsmith/contracts';

export type ProfileField = keyof BusinessProfileInput;
export type ProfileValues = BusinessProfileInput;

export const emptyProfile: ProfileValues = { business_name: '', business_type: '', offerings: '', ...businessProfileDefaults };

const textLimits: Partial<Record<ProfileField, number>> = {
  business_name: businessProfileLimits.businessName,
  business_type: businessProfileLimits.businessType,
};

/** The same rules the server applies, checked on blur and on submit so the user hears about a problem first here. */
export function profileFieldError(field: ProfileField, value: string): string | undefined {
  const label = ideaFieldLabels[field];
  if (!value.trim()) return formMessages.required(label);
  const limit = textLimits[field];
  if (limit !== undefined && value.trim().length > limit) return ideaMessages.tooLong(label, limit);
  if (field === 'offerings') {
    const problem = offeringsProblem(value);
    if (problem === 'missing') return formMessages.required(label);
    if (problem === 'tooMany') return ideaMessages.offeringsTooMany;
    if (problem === 'tooLong') return ideaMessages.offeringsTooLong;
  }
  return undefined;
}

export function profileErrors(values: ProfileValues): Partial<Record<ProfileField, string>> {
  const entries = (Object.keys(values) as ProfileField[]).map((field) => [field, profileFieldError(field, values[field])] as const);
  return Object.fromEntries(entries.filter(([, error]) => error !== undefined));
}
