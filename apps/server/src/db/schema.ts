import { sql } from 'drizzle-orm';
import { bigserial, boolean, customType, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/* better-auth's four tables; the field names are the ones its drizzle adapter expects. */
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** The product's own user record (SPEC /create-user), one per account; plans and quotas hang off it. */
export const userProfile = pgTable('user_profile', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  name: text('name').notNull(),
  /** The brand new projects belong to (issue 32); the brand is looked up by its owner, so a stale id finds nothing. */
  activeBrandId: text('active_brand_id'),
  createdAt: createdAt(),
});

/** Mail kept by the outbox transport (no SMTP_URL): what /dev/mailbox shows. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('email_outbox_to_idx').on(t.to)],
);

export const pageView = pgTable('page_view', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  path: text('path').notNull(),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  referrer: text('referrer'),
  createdAt: createdAt(),
});

/** Every file a user brought in, after its bytes were checked (sniffed type, ffprobe or a full image decode). */
export const upload = pgTable(
  'upload',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    kind: text('kind').$type<'image' | 'video' | 'audio'>().notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    duration: real('duration'),
    width: integer('width'),
    height: integer('height'),
    originalName: text('original_name'),
    createdAt: createdAt(),
  },
  (t) => [index('upload_user_id_idx').on(t.userId)],
);

/** What a user sees of a background job; pg-boss holds the queue, this row holds status, percent and result. */
export const jobStatus = pgTable(
  'job_status',
  {
    id: text('id').primaryKey(),
    /** Null for a system job (the media library's items): no user sees it or waits their turn for it. */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    queue: text('queue').notNull(),
    state: text('state').$type<'queued' | 'processing' | 'done' | 'error' | 'cancelled'>().notNull().default('queued'),
    percent: integer('percent').notNull().default(0),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    idempotencyKey: text('idempotency_key').notNull(),
    attempt: integer('attempt').notNull().default(0),
    /** Attempts cut short by a shutdown or a lost worker: they are not the job's fault, so they use no retry. */
    interruptions: integer('interruptions').notNull().default(0),
    /** The HTTP request that started the job, so its log lines and the request's can be read together. */
    requestId: text('request_id'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /**
     * How much work the job is, in its kind's unit (seconds of video made): a 14 s video takes longer than a 7 s one,
     * so the wait a page shows is measured on finished jobs of the same kind and size. Null where size does not matter.
     */
    size: integer('size'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('job_status_idempotency_idx').on(t.userId, t.queue, t.idempotencyKey),
    // The index above holds nulls as distinct, so system jobs need their own to keep one job per key.
    uniqueIndex('job_status_system_idempotency_idx').on(t.queue, t.idempotencyKey).where(sql`${t.userId} is null`),
    index('job_status_state_idx').on(t.state),
    // The recent finished jobs of a kind, which the estimates of a wait are measured on.
    index('job_status_done_idx').on(t.queue, t.updatedAt).where(sql`${t.state} = 'done'`),
  ],
);

/**
 * One row per user: the plan, the current billing period and what was used in it. Allowances are copied onto the
 * row when the plan changes, so consuming a credit is one conditional UPDATE (atomic under concurrency).
 */
export const subscription = pgTable('subscription', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  planId: text('plan_id').notNull().default('free'),
  status: text('status').notNull().default('active'),
  providerSubscriptionId: text('provider_subscription_id'),
  periodStart: timestamp('period_start', { withTimezone: true }).notNull().defaultNow(),
  periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  videosUsed: integer('videos_used').notNull().default(0),
  videosAllowed: integer('videos_allowed').notNull(),
  aiVideosUsed: integer('ai_videos_used').notNull().default(0),
  aiVideosAllowed: integer('ai_videos_allowed').notNull(),
  ideasGenerated: integer('ideas_generated').notNull().default(0),
  ideasAllowed: integer('ideas_allowed').notNull(),
  trialPackTaken: text('trial_pack_taken').$type<'Yes' | 'No'>(),
  voiceId: text('voice_id'),
  gstInvoice: text('gst_invoice').$type<'Yes' | 'No'>().notNull().default('No'),
  /** A switch to a cheaper plan, made by the provider when the period ends (null when none waits). */
  scheduledPlanId: text('scheduled_plan_id'),
  scheduledChangeAt: timestamp('scheduled_change_at', { withTimezone: true }),
  /**
   * Held while a plan change is being made at the provider, so that of two requests at once (two tabs) only one
   * goes through; a claim older than a few minutes was left by a process that died.
   */
  changeClaim: text('change_claim'),
  changeClaimedAt: timestamp('change_claimed_at', { withTimezone: true }),
  /**
   * The plan a change under way moves to, and when it was asked (the app's clock, which the proration is measured
   * from). Set with the claim, so that a claim left by a dead process says what it was doing; it stays after the
   * claim when the provider accepted an upgrade whose prorated charge is not confirmed yet (the upgrade waits for
   * payment), and goes when the change is made or given up. Null with a claim: dropping a scheduled change.
   */
  changePlanId: text('change_plan_id'),
  changeAt: timestamp('change_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/**
 * A purchase the user started: a subscription or the trial pack's payment link, as the payment provider knows it. Its
 * status is the provider's, or one of the app's own: 'opening' (reserved, being made at the provider), 'superseding'
 * (a newer purchase replaced it; to be closed at the provider), 'superseded' (closed there before it was paid),
 * 'replaced' (it had been paid when it was replaced: its money is given back), 'paid' (a trial link applied), 'refunded'.
 */
export const checkout = pgTable(
  'checkout',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'subscription' | 'trial'>().notNull(),
    planId: text('plan_id').notNull(),
    providerRef: text('provider_ref').notNull().unique(),
    status: text('status').notNull(),
    shortUrl: text('short_url').notNull(),
    gstInvoice: text('gst_invoice').$type<'Yes' | 'No'>().notNull(),
    /** The newest provider period and event applied, so a late webhook cannot rewind the plan. */
    periodStart: timestamp('period_start', { withTimezone: true }),
    eventAt: timestamp('event_at', { withTimezone: true }),
    /** The payment that paid a trial link: another reported for it later is stale. */
    paymentRef: text('payment_ref'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('checkout_user_id_idx').on(t.userId),
    // At most one payable checkout per user: concurrent purchases are decided by this index (billing repository).
    uniqueIndex('checkout_one_open_per_user_idx').on(t.userId).where(sql`${t.status} in ('opening', 'created')`),
  ],
);

/** Webhook events already applied; a replay finds its id here and changes nothing. */
export const paymentEvent = pgTable('payment_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

/**
 * Invoices and credit notes stay when their account is deleted (tax law keeps them for years): the user id is then
 * set to null, and the buyer's name and email stay exactly as the document printed them.
 */
export const invoice = pgTable(
  'invoice',
  {
    id: text('id').primaryKey(),
    /** Null once the account is deleted: the document is kept, detached from any login. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** "Billed to" as printed: the buyer's name and email when the document was issued. */
    billedName: text('billed_name').notNull(),
    billedEmail: text('billed_email').notNull(),
    /** A credit note records a refund against the invoice it credits; its payment_ref is the refund's id. */
    kind: text('kind').$type<'invoice' | 'credit_note'>().notNull().default('invoice'),
    creditsInvoiceId: text('credits_invoice_id'),
    /** A credit note not paid out but set against this invoice: the unused part of a plan, taken off its upgrade. */
    appliedToInvoiceId: text('applied_to_invoice_id'),
    number: text('number').notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    planId: text('plan_id').notNull(),
    description: text('description').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    currency: text('currency').notNull(),
    netCents: integer('net_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    gst: boolean('gst').notNull(),
    paymentRef: text('payment_ref').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_user_id_idx').on(t.userId)],
);

/** PGlite reads bytea as a Uint8Array, node-postgres as a Buffer: both are handed on as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** An invoice's PDF as first rendered: an issued invoice does not change, so it is rendered once and served from here. */
export const invoicePdf = pgTable('invoice_pdf', {
  invoiceId: text('invoice_id')
    .primaryKey()
    .references(() => invoice.id, { onDelete: 'cascade' }),
  pdf: bytea('pdf').notNull(),
  createdAt: createdAt(),
});

/** The built-in test payment gateway's own books (it plays the payment provider's part when no real one is set). */
export const gatewaySubscription = pgTable('gateway_subscription', {
  id: text('id').primaryKey(),
  planId: text('plan_id').notNull(),
  customerEmail: text('customer_email').notNull(),
  status: text('status').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currentStart: timestamp('current_start', { withTimezone: true }),
  currentEnd: timestamp('current_end', { withTimezone: true }),
  paidCount: integer('paid_count').notNull().default(0),
  failedRenewals: integer('failed_renewals').notNull().default(0),
  cancelAtCycleEnd: boolean('cancel_at_cycle_end').notNull().default(false),
  /** The plan a `schedule_change_at: cycle_end` update moves the subscription to at its next renewal. */
  scheduledPlanId: text('scheduled_plan_id'),
  failNextRenewal: boolean('fail_next_renewal').notNull().default(false),
  notes: jsonb('notes').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  createdAt: createdAt(),
});

export const gatewayPaymentLink = pgTable('gateway_payment_link', {
  id: text('id').primaryKey(),
  customerEmail: text('customer_email').notNull(),
  amountCents: integer('amount_cents').notNull(),
  description: text('description').notNull(),
  status: text('status').notNull(),
  paymentId: text('payment_id'),
  callbackUrl: text('callback_url').notNull(),
  expireBy: timestamp('expire_by', { withTimezone: true }).notNull(),
  notes: jsonb('notes').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  createdAt: createdAt(),
});

/** Every payment the test gateway took, and its refund if any. */
export const gatewayPayment = pgTable('gateway_payment', {
  id: text('id').primaryKey(),
  /** The subscription or payment link paid. */
  sourceId: text('source_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  refundId: text('refund_id'),
  createdAt: createdAt(),
});

/** The test gateway's clock offset, so renewals and expiry can be tried without waiting a month. */
export const gatewayClock = pgTable('gateway_clock', {
  id: integer('id').primaryKey(),
  offsetSeconds: integer('offset_seconds').notNull().default(0),
});

/**
 * A brand kit (issue 32): what every video of one business shares. `ordinal` numbers a user's brands in the order
 * they were made (0 is the first brand, where the projects of a deleted brand go); being unique per user, it is also
 * what keeps two brands made at once from both passing the plan's bound.
 */
export const brand = pgTable(
  'brand',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    name: text('name').notNull(),
    /** The brand's fields other than its name and files, as the contracts' brandFieldsSchema reads them. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    logoKey: text('logo_key'),
    fontKey: text('font_key'),
    fontFamily: text('font_family'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('brand_user_ordinal_idx').on(t.userId, t.ordinal), uniqueIndex('brand_user_name_idx').on(t.userId, sql`lower(${t.name})`)],
);

/** The ideas profile of one brand (issue 32 moved it under the brand: an agency describes each client's business). */
export const businessProfile = pgTable(
  'business_profile',
  {
    brandId: text('brand_id')
      .primaryKey()
      .references(() => brand.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    businessType: text('business_type').notNull(),
    goal: text('goal').notNull(),
    tone: text('tone').notNull(),
    offerings: text('offerings').notNull(),
    targetAudience: text('target_audience').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [index('business_profile_user_id_idx').on(t.userId)],
);

export const idea = pgTable(
  'idea',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The brand whose profile the idea was written from; ideas list per brand (a deleted brand's move to the first). */
    brandId: text('brand_id').references(() => brand.id, { onDelete: 'set null' }),
    batchId: text('batch_id').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    scriptPrompt: text('script_prompt').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('idea_user_id_idx').on(t.userId)],
);

/**
 * A video project ("video entry" in the spec): one creation of one user, from the first step to the final MP4.
 * The composition document (ARCHITECTURE.md) grows as the workflow steps edit it.
 */
export const project = pgTable(
  'project',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    videoType: text('video_type').notNull(),
    /** The brand that was active when the project started; its caption style, logo and end card are the video's. */
    brandId: text('brand_id').references(() => brand.id, { onDelete: 'set null' }),
    title: text('title').notNull().default('Untitled video'),
    script: text('script'),
    composition: jsonb('composition').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    sourceVideoKey: text('source_video_key'),
    previewVideoKey: text('preview_video_key'),
    finalVideoKey: text('final_video_key'),
    posterKey: text('poster_key'),
    /** The workflow page the user last had open for this project: where the dashboard's Continue leads. */
    lastPage: text('last_page'),
    /** Set once the final video is rendered and its credit counted. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('project_user_id_idx').on(t.userId), index('project_brand_id_idx').on(t.brandId)],
);

/**
 * One generation a video generation job asked a generator for: scene `scene`, piece `segment` of its chain. Written as
 * soon as the vendor names it, so a job taken over after a restart polls it again instead of paying for a second one;
 * the rows of the last day are also what the daily per-user cap counts.
 */
export const videoGeneration = pgTable(
  'video_generation',
  {
    jobId: text('job_id').notNull(),
    scene: integer('scene').notNull(),
    segment: integer('segment').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    generator: text('generator').$type<'fal' | 'replicate'>().notNull(),
    vendorId: text('vendor_id').notNull(),
    createdAt: createdAt(),
    /**
     * How the generation ended, written once by whichever learns it first (the vendor's webhook or the job's poll);
     * the job goes on with what is here, so a late or second announcement changes nothing.
     */
    outcome: jsonb('outcome').$type<{ state: 'completed' | 'failed' | 'refused'; resultUrl?: string; error?: string }>(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.scene, t.segment] }),
    index('video_generation_user_created_idx').on(t.userId, t.createdAt),
    // A webhook names the generation by the vendor's id alone.
    index('video_generation_vendor_idx').on(t.generator, t.vendorId),
  ],
);

/**
 * Fixed-window request counters shared by every API process (auth attempts, resends, page views), so a client
 * cannot spread its attempts over the hosts behind a load balancer. Keys name the limit and the client address.
 */
export const rateLimit = pgTable('rate_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});
