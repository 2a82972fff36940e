import { planIdSchema, plans, type SubscriptionResponse } from '@reelsmith/contracts';
import type { SubscriptionRecord, SubscriptionsRepository } from '../../db/repositories/subscriptions.ts';
import type { UploadsRepository } from '../../db/repositories/uploads.ts';
import type { FileUrlSigner } from '../../core/files/file-urls.ts';
import type { QuotaService } from '../../core/credits/quotas.ts';
import type { IncomingFile, UploadService } from '../../core/files/uploads.ts';

export interface DashboardServiceDependencies {
  quotas: QuotaService;
  subscriptions: SubscriptionsRepository;
  uploads: UploadsRepository;
  uploadService: UploadService;
  signer: FileUrlSigner;
  /** Gives back credits held for renders that failed while nobody was watching (core/video-job-credits.ts). */
  settleHeldCredits: (userId: string) => Promise<void>;
  /** The AI formats make motion templates here: the dashboard says they take no AI credit. */
  aiMotionTemplates: boolean;
  /** The logo panel (SPEC §2) shows and changes the active brand's logo. */
  brandLogo: { activeLogoKey(userId: string): Promise<string | null>; setActiveLogo(userId: string, key: string | null): Promise<void> };
}

function scheduledChangeOf(record: SubscriptionRecord): SubscriptionResponse['scheduled_change'] {
  const planId = planIdSchema.safeParse(record.scheduledPlanId);
  if (!planId.success || !record.scheduledChangeAt) return null;
  return { plan_id: planId.data, plan_name: plans[planId.data].name, date: record.scheduledChangeAt.toISOString() };
}

/** Only an upgrade the provider accepted and is charging for: a change still being asked for is no news yet. */
function pendingUpgradeOf(record: SubscriptionRecord): SubscriptionResponse['pending_upgrade'] {
  const planId = planIdSchema.safeParse(record.changePlanId);
  if (!planId.success || record.changeClaim || plans[planId.data].priceCents <= plans[planIdSchema.parse(record.planId)].priceCents) return null;
  return { plan_id: planId.data, plan_name: plans[planId.data].name };
}

/** SPEC §3 subscription object; the logo is a fresh signed URL on every read, since signed URLs expire. */
export function toSubscriptionResponse(record: SubscriptionRecord, signer: FileUrlSigner, aiMotionTemplates: boolean, logoKey: string | null): SubscriptionResponse {
  const planId = planIdSchema.parse(record.planId);
  return {
    plan_name: plans[planId].name,
    plan_id: planId,
    status: record.status,
    videos_used: record.videosUsed,
    videos_allowed: record.videosAllowed,
    ai_videos_used: record.aiVideosUsed,
    ai_videos_allowed: record.aiVideosAllowed,
    ideas_generated: record.ideasGenerated,
    ideas_allowed: record.ideasAllowed,
    end_date: record.periodEnd.toISOString(),
    cancel_at_period_end: record.cancelAtPeriodEnd,
    scheduled_change: scheduledChangeOf(record),
    pending_upgrade: pendingUpgradeOf(record),
    logo: logoKey ? signer.sign(logoKey) : null,
    trial_pack_taken: record.trialPackTaken ?? null,
    voice_id: record.voiceId ?? null,
    ai_motion_templates: aiMotionTemplates,
  };
}

export function createDashboardService(deps: DashboardServiceDependencies) {
  return {
    /** Reading the subscription rolls an ended period over first, so usage shown is always this period's. */
    async subscription(userId: string): Promise<SubscriptionResponse> {
      await deps.settleHeldCredits(userId);
      const record = await deps.quotas.current(userId);
      return toSubscriptionResponse(record, deps.signer, deps.aiMotionTemplates, await deps.brandLogo.activeLogoKey(userId));
    },

    /**
     * The file goes through the 'logo' upload policy (sniffed, decoded, size-capped) before it becomes the logo; a
     * refused file throws the policy's message and leaves the current logo as it was.
     */
    async uploadLogo(userId: string, file: IncomingFile, declaredBytes?: number): Promise<{ logo_url: string }> {
      const received = await deps.uploadService.receive(userId, 'logo', file, declaredBytes);
      const stored = await deps.uploads.findOwned(userId, received.id);
      if (!stored) throw new Error(`upload ${received.id} was stored but cannot be found`);
      await deps.brandLogo.setActiveLogo(userId, stored.storageKey);
      return { logo_url: received.url };
    },

    /** Only the reference goes: the file stays among the user's uploads, like every other file they brought in. */
    async removeLogo(userId: string): Promise<void> {
      await deps.brandLogo.setActiveLogo(userId, null);
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
