import { z } from 'zod';
import { emailSchema } from './accounts.ts';
import { quotaMessages } from './plans.ts';

/** SPEC §9 "Ideas form options", in the order the form lists them, with the spec's defaults. */
export const targetAudiences = [
  'Teenagers',
  'College Students',
  'Young Adults',
  'Working Professionals',
  'Business Owners',
  'Parents',
  'Senior Citizens',
] as const;
export const ideaGoals = [
  'Build Awareness',
  'Educate Customers',
  'Drive Sales',
  'Generate Leads',
  'Increase Repeat Sales',
  'Promote an Event or Offer',
] as const;
export const ideaTones = ['Fun & Quirky', 'Edgy / Bold', 'Relatable', 'Professional', 'Informative', 'Inspirational'] as const;

/** The form's starting choices (SPEC §9 defaults). */
export const businessProfileDefaults = {
  goal: 'Generate Leads',
  tone: 'Professional',
  target_audience: 'Working Professionals',
} as const satisfies { goal: IdeaGoal; tone: IdeaTone; target_audience: TargetAudience };

export type TargetAudience = (typeof targetAudiences)[number];
export type IdeaGoal = (typeof ideaGoals)[number];
export type IdeaTone = (typeof ideaTones)[number];

/** Lengths a real business name, type or product list fits in; anything longer is pasted text, not a field. */
export const businessProfileLimits = {
  businessName: 80,
  businessType: 80,
  offerings: 400,
  offering: 60,
  offeringCount: 10,
} as const;

/** How many ideas one generation (one idea credit) returns. */
export const ideasPerBatch = 5;

/** Offerings travel as one comma separated string (SPEC §3); this is how both sides read it. */
export function splitOfferings(value: string): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of value.split(',')) {
    const item = raw.trim().replace(/\s+/g, ' ');
    if (!item || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    items.push(item);
  }
  return items;
}

export function offeringsProblem(value: string): 'missing' | 'tooMany' | 'tooLong' | null {
  const items = splitOfferings(value);
  if (items.length === 0) return 'missing';
  if (items.length > businessProfileLimits.offeringCount) return 'tooMany';
  if (value.length > businessProfileLimits.offerings || items.some((i) => i.length > businessProfileLimits.offering)) return 'tooLong';
  return null;
}

/** One line of text: line breaks and runs of spaces become one space, so a field cannot add lines to a brief. */
const requiredText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .transform((value) => value.replace(/\s+/g, ' '));

/** Stored and answered in the normalised form "a, b, c": trimmed, empty items and repeats dropped. */
const offeringsField = z
  .string()
  .trim()
  .refine((value) => offeringsProblem(value) === null)
  .transform((value) => splitOfferings(value).join(', '));

export const businessProfileFields = z.object({
  business_name: requiredText(businessProfileLimits.businessName),
  business_type: requiredText(businessProfileLimits.businessType),
  goal: z.enum(ideaGoals),
  tone: z.enum(ideaTones),
  offerings: offeringsField,
  target_audience: z.enum(targetAudiences),
});
export type BusinessProfile = z.output<typeof businessProfileFields>;
export type BusinessProfileInput = z.input<typeof businessProfileFields>;

/** POST /api/save-business-profile (JSON) and POST /api/generate-ideas (form-encoded): the same fields (SPEC §7). */
export const saveBusinessProfileRequest = businessProfileFields.extend({ user_email: emailSchema });
export const generateIdeasRequest = saveBusinessProfileRequest;
export type SaveBusinessProfileRequest = z.input<typeof saveBusinessProfileRequest>;

/** GET /api/business-profile?email and GET /api/user-ideas?email. */
export const emailQuery = z.object({ email: emailSchema });

export const businessProfileResponse = z.object({ profile: businessProfileFields.nullable() });
export const saveBusinessProfileResponse = z.object({ status: z.literal('success'), profile: businessProfileFields });

export const ideaItem = z.object({
  id: z.string(),
  batch_id: z.string(),
  title: z.string(),
  script_prompt: z.string(),
  created_at: z.string(),
});
export type IdeaItem = z.infer<typeof ideaItem>;

/** The ideas credit as the page needs it to disable Generate at the limit. */
export const ideaAllowance = z.object({ ideas_generated: z.number(), ideas_allowed: z.number() });
export type IdeaAllowance = z.infer<typeof ideaAllowance>;

export const userIdeasResponse = z.object({ ideas: z.array(ideaItem), allowance: ideaAllowance });
export const generateIdeasResponse = z.object({ ideas: z.array(ideaItem), allowance: ideaAllowance });

/** "Use this idea": a Custom Storyboard project that starts from the idea's script prompt. */
export const projectFromIdeaRequest = z.object({ idea_id: z.string().min(1).max(100) });
export const projectFromIdeaResponse = z.object({ video_id: z.string() });

export const ideaFieldLabels = {
  business_name: 'Business Name',
  business_type: 'Business Type',
  goal: 'Goal',
  tone: 'Tone',
  offerings: 'Offerings',
  target_audience: 'Target Audience',
} as const;

export const ideaMessages = {
  quotaReached: quotaMessages.ideas,
  invalidProfile: 'Check the business details: every field is needed, and offerings are separated by commas.',
  offeringsHint: `Separate with commas, up to ${businessProfileLimits.offeringCount} (e.g. cold brew, pastries, catering).`,
  offeringsTooMany: `List at most ${businessProfileLimits.offeringCount} offerings.`,
  offeringsTooLong: `Keep each offering under ${businessProfileLimits.offering} characters.`,
  tooLong: (field: string, max: number) => `${field} can be at most ${max} characters.`,
  ideaNotFound: 'That idea was not found. Reload the page and try again.',
  saved: 'Business profile saved.',
  generating: 'Generating Ideas',
  estimate: 'Writing ideas usually takes under 30 secs.',
  startingProject: 'Starting your video',
  loadFailed: "We couldn't load your business profile and ideas. Reload the page to try again.",
  usage: (used: number, allowed: number) => `Ideas generated: ${used} / ${allowed}`,
  perBatch: `Each generation writes ${ideasPerBatch} ideas and uses one idea credit.`,
  emptyHistory: 'Your generated ideas will show up here.',
} as const;

/** What the writing provider's failures tell the user; the credit of the request is given back in each case. */
export const writerMessages = {
  timeout: 'The writer took too long to answer. Please try again; no credit was used.',
  rateLimited: 'The writer is busy right now. Please try again in a minute; no credit was used.',
  malformed: "The writer's answer could not be used. Please try again; no credit was used.",
  unavailable: 'The writer could not be reached. Please try again later; no credit was used.',
} as const;
