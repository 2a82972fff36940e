import { z } from 'zod';
import { emailSchema } from './accounts.ts';
import { planIdSchema, purchasablePlanIds } from './plans.ts';

const yesNo = z.enum(['Yes', 'No']);

export const emailRequest = z.object({ email: emailSchema });

export const createSubscriptionRequest = z.object({ plan_id: z.enum(purchasablePlanIds), gst_invoice: yesNo, email: emailSchema });
export const createSubscriptionResponse = z.object({ short_url: z.string(), subscription_id: z.string() });

export const createPaymentRequest = z.object({ email: emailSchema, gst_invoice: yesNo });
export const createPaymentResponse = z.object({ short_url: z.string() });

export const checkSubscriptionStatusRequest = z.object({ subscription_id: z.string().min(1).max(100) });
export const checkSubscriptionStatusResponse = z.object({ status: z.string() });

export const verifyPaymentRequest = z.object({ email: emailSchema, payment_link_id: z.string().min(1).max(100) });
export const verifyPaymentResponse = z.object({ success: z.boolean(), error: z.string().optional() });

export const cancelSubscriptionResponse = z.object({ message: z.string().optional(), error: z.string().optional() });

/** Moving a paid subscription to another plan: up at once (prorated), down at the end of the period. */
export const changePlanRequest = z.object({
  email: emailSchema,
  plan_id: z.enum(purchasablePlanIds),
  /**
   * The plan the page showed: the change is made only from that plan, so a change asked from a page that is out of
   * date (another tab changed it, even between the server's check and its claim) is refused.
   */
  from_plan_id: planIdSchema,
});
/** 'pending': the provider accepted an upgrade and is charging for it; the plan changes when the charge is confirmed. */
export const changePlanResponse = z.object({ change: z.enum(['upgraded', 'pending', 'scheduled']), message: z.string() });
export const cancelPlanChangeResponse = z.object({ message: z.string() });

export const invoiceItem = z.object({
  /** A credit note books a refund; its amount is negative. */
  kind: z.enum(['invoice', 'credit_note']),
  /** What a credit note is for: money given back, or the unused old plan taken off an upgrade's invoice. */
  credit_for: z.enum(['refund', 'upgrade']).optional(),
  invoice_number: z.string(),
  invoice_date: z.string(),
  created_at: z.string(),
  invoice_amount: z.number(),
  currency: z.string(),
  invoice_url: z.string(),
});
export type InvoiceItem = z.infer<typeof invoiceItem>;
export const invoicesResponse = z.array(invoiceItem);

/** `brand`: one brand's id, or 'all' (the default: SPEC §7 asks with the user id alone). */
export const videosRequest = z.object({ user_id: z.string().min(1).max(100), brand: z.string().min(1).max(100).optional() });
export const videoItem = z.object({
  id: z.string(),
  /** The brand the video was made under (issue 32); null for none. */
  brand_id: z.string().nullable().optional(),
  video_url: z.string(),
  poster_url: z.string().nullable(),
  title: z.string(),
  created_at: z.string(),
});
export type VideoItem = z.infer<typeof videoItem>;
/** SPEC §3: the list is either a bare array or {videos}; the server answers {videos}, the client accepts both. */
export const videosResponse = z.union([z.array(videoItem), z.object({ videos: z.array(videoItem) })]);

export const createVideoEntryRequest = z.object({ user_id: z.string().min(1).max(100), user_video_url: z.string().max(2048).optional() });
export const createVideoEntryResponse = z.object({ status: z.literal('success'), video_id: z.string() });

export const uploadLogoResponse = z.object({ logo_url: z.string() });

/** Statuses of a payment provider's subscription (Razorpay's), as the Subscriptions page polls them. */
export const subscriptionSuccessStatuses = ['active', 'authenticated'] as const;
export const subscriptionEndedStatuses = ['cancelled', 'expired', 'halted', 'paused', 'completed'] as const;

export const billingMessages = {
  failedToInitiatePayment: 'Failed to initiate payment.',
  somethingWentWrong: 'Something went wrong.',
  failedToInitiateSubscription: 'Failed to initiate subscription.',
  failedToStartSubscription: 'Failed to start subscription. Please try again.',
  paymentVerificationFailed: 'Payment verification failed',
  verifyingWentWrong: 'Something went wrong verifying your payment.',
  cancelFailed: 'Cancel failed',
  trialActivated: 'Trial Pack Activated!',
  subscriptionEnded: (status: string) => `Subscription ended with status: ${status}`,
  subscriptionActive: 'Your subscription is active. Enjoy your new plan!',
  subscriptionTimeout: 'We could not confirm your payment in time. If you paid, your plan will appear shortly; otherwise please try again.',
  alreadyActivePlan: 'You already have an active plan',
  trialAlreadyTaken: 'The trial pack can be bought once per account.',
  /** A second purchase started while the first one's checkout is still being opened (a double click, two tabs). */
  checkoutInProgress: 'Your checkout is already being prepared. Please wait a moment and try again.',
  invoiceDownloadsLimited: 'Too many invoice downloads. Please wait a minute and try again.',
  trialPaymentRefunded: 'This payment has been refunded: it was for a checkout you had replaced, or your account already has a plan or the trial pack.',
  cancelScheduled: (endDate: string) => `Your subscription will end on ${endDate}. You keep your plan until then.`,
  nothingToCancel: 'You have no active subscription to cancel.',
  basedInIndia: 'Are you based in India?',
  cancelConfirmTitle: 'Cancel your subscription?',
  cancelConfirmBody: (plan: string, endDate: string) =>
    `You keep the ${plan} and its credits until ${endDate}. After that you move to the Free Plan and are not charged again.`,
  cancelConfirm: 'Yes, cancel',
  cancelKeep: 'Keep my plan',
  upgradeConfirmTitle: (plan: string) => `Upgrade to ${plan} now?`,
  upgradeConfirmBody: (plan: string, price: string, endDate: string) =>
    `Your plan changes at once and keeps what you used this period. For the rest of the period you get ${plan}'s extra credits in proportion to the time left and pay the difference for that time now; then ${price} a month from ${endDate}, with its full credits.`,
  downgradeConfirmTitle: (plan: string) => `Switch to ${plan} at period end?`,
  downgradeConfirmBody: (current: string, plan: string, endDate: string) => `You keep the ${current} and its credits until ${endDate}. Then your plan changes to ${plan}.`,
  upgraded: (plan: string, charged: string) => `You are now on the ${plan}. We charged ${charged} for the rest of this period; your invoice and credit note are under Invoices.`,
  upgradeConfirmed: (plan: string) => `You are now on the ${plan}. Your invoice and credit note are under Invoices.`,
  upgradePending: (plan: string) => `Your upgrade to ${plan} is waiting for payment confirmation. Your plan changes as soon as the payment goes through.`,
  /** The line under the current plan while an upgrade waits for its charge to be confirmed. */
  upgradeWaitingLine: (plan: string) => `Upgrade to ${plan} waiting for payment confirmation`,
  changeAwaitingPayment: 'Your upgrade is waiting for payment confirmation. Please wait for it before changing your plan again.',
  changeBeingCompleted: 'Your plan change went through with the payment provider and is being completed. Please check your plan again in a few minutes.',
  changeScheduled: (plan: string, date: string) => `Your plan changes to ${plan} on ${date}. You keep your current plan until then.`,
  /** The line under the current plan while a switch at period end is waiting. */
  scheduledChangeLine: (plan: string, date: string) => `Changes to ${plan} on ${date}`,
  keepCurrentPlan: 'Keep my current plan',
  scheduledChangeCancelled: (plan: string) => `Your plan change is cancelled. You stay on the ${plan}.`,
  alreadyOnPlan: (plan: string) => `You are already on the ${plan}.`,
  changeAlreadyScheduled: (plan: string, date: string) => `Your plan already changes to ${plan} on ${date}. Keep your current plan first to choose another.`,
  changeInProgress: 'Your plan change is already being made. Please wait a moment.',
  planChangedMeanwhile: 'Your plan was changed in another tab or window. Check the plan shown here and try again.',
  changeFailed: 'Plan change failed. Please try again.',
  noSubscriptionToChange: 'Choose a plan to start a subscription first.',
  changeWhileEnding: 'Your subscription ends at the close of this period, so its plan cannot be changed.',
  noScheduledChange: 'You have no plan change to cancel.',
  changeWhilePaymentDue: 'Your last renewal payment did not go through, so your plan cannot be changed until it is paid.',
} as const;

/** The broadcast channel by which a tab tells the app's other tabs that the plan or its payments changed. */
export const billingChannel = 'reelsmith-billing';

export const dashboardMessages = {
  createEntryFailed: 'Oh Oh! My bad, Please try again',
  logoRemoveFailed: 'Failed to remove logo',
  emptyVideos: 'All your generated videos will show up here',
  aiNote: 'UGC and Product Intro videos are fully AI and count toward the AI-video quota.',
  /** SPEC's note names two of the types SPEC §6 counts; the others are named after it, so the note is whole. */
  aiNoteOthers: "Product Showcase, Smart Storyboard's AI video and Before/After's Image to Video count too.",
  /** Instead of the AI notes where the AI formats make motion templates: then none of them counts. */
  motionTemplatesNote:
    "Here UGC, Product Intro, Product Showcase, Before/After and Smart Storyboard's AI video make motion templates, which use no AI credit.",
  /** Under the AI-video usage where they do. */
  motionTemplatesUsage: 'Motion templates use no AI credit.',
  musicNote: 'All video types can add background music and subtitles.',
} as const;

/** Words of the modal's notes that open their page: Product Intro has no tile in SPEC §2's table, so its note links it. */
export const dashboardNoteLinks: readonly { text: string; path: string }[] = [{ text: 'Product Intro', path: '/product-intro' }];

/** Polling constants of SPEC §9. */
export const timing = {
  subscriptionPollMs: 10_000,
  subscriptionPollTimeoutMs: 5 * 60_000,
  videoStatusPollMs: 5_000,
  cacheTtlMs: 24 * 60 * 60 * 1000,
  scriptAutosaveMs: 800,
  subtitleAutosaveMs: 500,
} as const;

/**
 * SPEC §2 video type tiles; `makes` says in a few words what the type makes, under the spec's title and length, and
 * `preview` names its looping preview (GET /api/video-type-previews).
 */
export const videoTypeTiles = [
  { title: 'UGC Video', length: 'up to 14 secs', path: '/ugc-video', preview: 'ugc', createsEntry: false, makes: 'Your product in a lifestyle scene' },
  { title: 'Before / After', length: '14 secs', path: '/before-after', preview: 'before-after', createsEntry: false, makes: 'Two halves, labelled, with a transition' },
  { title: 'Product Showcase', length: '14 secs', path: '/product-showcase', preview: 'product-showcase', createsEntry: false, makes: 'Your product photos in motion, with text' },
  { title: 'Scroll Stopper', length: 'up to 59 secs', path: '/scroll-stopper', preview: 'scroll-stopper', createsEntry: false, makes: 'Your words over a gameplay or own video' },
  { title: 'Use Own Video', length: '59 secs', path: '/OwnVideo', preview: 'own-video', createsEntry: false, makes: 'Your clips joined, with voice and captions' },
  { title: 'Animated Images', length: '59 secs', path: '/ImagetoVideo', preview: 'animated-images', createsEntry: false, makes: 'Your photos as a moving slideshow' },
  { title: 'Add B-Rolls', length: '59 secs', path: '/BRolls', preview: 'add-brolls', createsEntry: true, makes: 'Pictures over a video you already have' },
  { title: 'Custom Storyboard', length: '59 secs', path: '/script', preview: 'custom-storyboard', createsEntry: false, makes: 'Script first, then Smart Storyboard scenes or Create AI Video' },
] as const;

/** Product Intro has no tile in SPEC §2's table: the Create Video dialog offers it as its own entry under the tiles. */
export const productIntroEntry = { title: 'Product Intro', length: '14 secs', path: '/product-intro', preview: 'product-intro', makes: 'Four scenes of one product: hook, features, offer' } as const;
