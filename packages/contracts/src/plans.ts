import { z } from 'zod';

export type PlanId = 'free' | 'starter' | 'growth' | 'pro' | 'trial';

export interface Plan {
  id: PlanId;
  /** The subscription's plan_name (SPEC §3); cloned voices check for exactly 'Pro Plan'. */
  name: string;
  /** The name on the plan card. */
  title: string;
  priceCents: number;
  currency: 'USD';
  billing: 'monthly' | 'one-time' | 'free';
  videos: number;
  aiVideos: number;
  ideas: number;
  voiceCloning: boolean;
  /** Final videos rendered at the same time; more wait in the queue (agencies make several videos at once). */
  rendersAtOnce: number;
  mostPopular: boolean;
  /** How long one period lasts, in months (the trial pack is valid 3 months). */
  periodMonths: number;
  features: string[];
}

const about = (priceCents: number, count: number) => `about $${(priceCents / count / 100).toFixed(2)}`;
/**
 * The allowance lines of a paid plan, each with what one credit of its kind costs (price / allowance). SPEC §9 prints
 * 'about $2 per video' beside the AI creations, but $2 is Starter's $20 over its 10 videos: it belongs on the videos line.
 */
const allowanceLines = (priceCents: number, videos: number, aiVideos: number) => [
  `${videos} videos a month (${about(priceCents, videos)} per video)`,
  `${aiVideos} AI creations (${about(priceCents, aiVideos)} per AI video)`,
];

/**
 * SPEC §9 plans. The Free Plan allowance (3 videos, 1 AI video, 10 ideas a month) and the ideas allowances of the
 * paid plans are this product's choice: enough to try every flow once, and ideas well above video credits because
 * an idea costs little and leads to a video.
 */
export const plans: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free Plan',
    title: 'Free',
    priceCents: 0,
    currency: 'USD',
    billing: 'free',
    videos: 3,
    aiVideos: 1,
    ideas: 10,
    voiceCloning: false,
    rendersAtOnce: 1,
    mostPopular: false,
    periodMonths: 1,
    features: ['3 videos a month', '1 AI creation', '10 marketing ideas'],
  },
  starter: {
    id: 'starter',
    name: 'Starter Plan',
    title: 'Starter',
    priceCents: 2000,
    currency: 'USD',
    billing: 'monthly',
    videos: 10,
    aiVideos: 3,
    ideas: 30,
    voiceCloning: false,
    rendersAtOnce: 2,
    mostPopular: false,
    periodMonths: 1,
    features: [...allowanceLines(2000, 10, 3), '30 marketing ideas', '2 videos rendering at once'],
  },
  growth: {
    id: 'growth',
    name: 'Growth Plan',
    title: 'Growth',
    priceCents: 3900,
    currency: 'USD',
    billing: 'monthly',
    videos: 30,
    aiVideos: 10,
    ideas: 100,
    voiceCloning: false,
    rendersAtOnce: 3,
    mostPopular: true,
    periodMonths: 1,
    features: [...allowanceLines(3900, 30, 10), '100 marketing ideas', '3 videos rendering at once'],
  },
  pro: {
    id: 'pro',
    name: 'Pro Plan',
    title: 'Pro',
    priceCents: 7500,
    currency: 'USD',
    billing: 'monthly',
    videos: 60,
    aiVideos: 20,
    ideas: 200,
    voiceCloning: true,
    rendersAtOnce: 5,
    mostPopular: false,
    periodMonths: 1,
    features: [...allowanceLines(7500, 60, 20), '200 marketing ideas', '5 videos rendering at once', 'Voice cloning'],
  },
  trial: {
    id: 'trial',
    name: 'Trial Pack',
    title: 'Trial Pack',
    priceCents: 3500,
    currency: 'USD',
    billing: 'one-time',
    videos: 20,
    aiVideos: 7,
    ideas: 100,
    voiceCloning: false,
    rendersAtOnce: 3,
    mostPopular: false,
    periodMonths: 3,
    features: ['Everything in Growth', '20 videos including 7 AI videos', 'Valid 3 months', 'Once per account'],
  },
};

export const purchasablePlanIds = ['starter', 'growth', 'pro'] as const;
export type PurchasablePlanId = (typeof purchasablePlanIds)[number];

export const planIdSchema = z.enum(['free', 'starter', 'growth', 'pro', 'trial']);

export const quotaKinds = ['videos', 'aiVideos', 'ideas'] as const;
export type QuotaKind = (typeof quotaKinds)[number];

/** SPEC §3 subscription object, as POST /api/subscription answers. */
export const subscriptionResponse = z.object({
  plan_name: z.string(),
  plan_id: planIdSchema,
  status: z.string(),
  videos_used: z.number(),
  videos_allowed: z.number(),
  ai_videos_used: z.number(),
  ai_videos_allowed: z.number(),
  ideas_generated: z.number(),
  ideas_allowed: z.number(),
  end_date: z.string(),
  cancel_at_period_end: z.boolean(),
  /** A switch to a cheaper plan waiting for the end of the period (null when none). */
  scheduled_change: z.object({ plan_id: planIdSchema, plan_name: z.string(), date: z.string() }).nullable(),
  /** An upgrade the provider accepted, waiting for its prorated charge to be confirmed (null when none). */
  pending_upgrade: z.object({ plan_id: planIdSchema, plan_name: z.string() }).nullable(),
  logo: z.string().nullable(),
  trial_pack_taken: z.enum(['Yes', 'No']).nullable(),
  voice_id: z.string().nullable(),
  /** The AI formats make motion templates on this server (no AI vendor): they take no AI credit (issue 29 §1). */
  ai_motion_templates: z.boolean(),
  error: z.string().optional(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponse>;

export const quotaMessages = {
  videos: "You've used all your video credits for the subscription period",
  ideas: "You've used all your idea credits for the subscription period",
  aiVideos: "You've used all your AI video credits for the subscription period",
} as const;

/**
 * An upgrade in the middle of a period: the new plan for the rest of it, less the unused rest of the old plan, so
 * the charge is the price difference times the fraction of the period left. The app's invoices and the built-in
 * test gateway's charge both come from here, so they agree to the cent.
 */
export function proratedUpgrade(fromCents: number, toCents: number, period: { start: Date; end: Date }, at: Date) {
  const length = period.end.getTime() - period.start.getTime();
  const left = length > 0 ? Math.min(1, Math.max(0, (period.end.getTime() - at.getTime()) / length)) : 0;
  const unusedCents = Math.round(fromCents * left);
  const newPartCents = Math.round(toCents * left);
  return { fractionLeft: left, unusedCents, newPartCents, chargeCents: newPartCents - unusedCents };
}

/**
 * The credits an upgrade adds for the rest of the period: each allowance's increase times the fraction of the period
 * left, as the charge is the price difference times that fraction. Rounded to the nearest whole credit (a half up),
 * so the credits match what was paid to within half a credit; never negative. What was used stays used: these are
 * added to the allowances the period already has. The full new allowances come with the next renewal.
 */
export function proratedAllowanceGain(from: PlanId, to: PlanId, fractionLeft: number) {
  const gain = (before: number, after: number) => Math.max(0, Math.round((after - before) * fractionLeft));
  const [a, b] = [plans[from], plans[to]];
  return { videos: gain(a.videos, b.videos), aiVideos: gain(a.aiVideos, b.aiVideos), ideas: gain(a.ideas, b.ideas) };
}
