import { randomUUID } from 'node:crypto';
import {
  ideaMessages,
  ideasPerBatch,
  quotaMessages,
  splitOfferings,
  type BusinessProfile,
  type IdeaAllowance,
  type IdeaItem,
} from '@reelsmith/contracts';
import type { BusinessProfileRecord, BusinessProfilesRepository } from '../../db/repositories/business-profiles.ts';
import type { IdeaRecord, IdeasRepository } from '../../db/repositories/ideas.ts';
import type { ProjectsRepository } from '../../db/repositories/projects.ts';
import { UserFacingError } from '../../errors.ts';
import type { BusinessBrief, Writer } from '../../providers/writer/index.ts';
import { newProjectDocument } from '../../core/project/project-document.ts';
import type { QuotaService } from '../../core/credits/quotas.ts';
import type { PaidJobs } from '../../core/paid-jobs/paid-jobs.ts';

export interface IdeasServiceDependencies {
  profiles: BusinessProfilesRepository;
  ideas: IdeasRepository;
  projects: ProjectsRepository;
  quotas: Pick<QuotaService, 'current'>;
  paidJobs: Pick<PaidJobs, 'charged'>;
  writer: Writer;
  /** The active brand's id: its profile is the one the ideas page edits, and its ideas the ones listed. */
  activeBrand: (userId: string) => Promise<string>;
}

/** The page lists recent ideas only: 20 batches is more than anyone scrolls back through, and keeps the answer small. */
const historyLimit = 20 * ideasPerBatch;

function toProfile(record: BusinessProfileRecord): BusinessProfile {
  return {
    business_name: record.businessName,
    business_type: record.businessType,
    goal: record.goal as BusinessProfile['goal'],
    tone: record.tone as BusinessProfile['tone'],
    offerings: record.offerings,
    target_audience: record.targetAudience as BusinessProfile['target_audience'],
  };
}

function toItem(record: IdeaRecord): IdeaItem {
  return {
    id: record.id,
    batch_id: record.batchId,
    title: record.title,
    script_prompt: record.scriptPrompt,
    created_at: record.createdAt.toISOString(),
  };
}

function toBrief(profile: BusinessProfile): BusinessBrief {
  return {
    businessName: profile.business_name,
    businessType: profile.business_type,
    goal: profile.goal,
    tone: profile.tone,
    offerings: splitOfferings(profile.offerings),
    targetAudience: profile.target_audience,
  };
}

/** Business profiles, idea batches and their credit, and turning an idea into a video project. */
export function createIdeasService(deps: IdeasServiceDependencies) {
  async function allowance(userId: string): Promise<IdeaAllowance> {
    const subscription = await deps.quotas.current(userId);
    return { ideas_generated: subscription.ideasGenerated, ideas_allowed: subscription.ideasAllowed };
  }

  return {
    async profile(userId: string): Promise<BusinessProfile | null> {
      const record = await deps.profiles.find(await deps.activeBrand(userId));
      return record ? toProfile(record) : null;
    },

    /** The saved profile as the writer reads it, so every script and storyboard is about the user's business. */
    async brief(userId: string): Promise<BusinessBrief | undefined> {
      const record = await deps.profiles.find(await deps.activeBrand(userId));
      return record ? toBrief(toProfile(record)) : undefined;
    },

    async saveProfile(userId: string, profile: BusinessProfile): Promise<BusinessProfile> {
      const record = await deps.profiles.save(userId, await deps.activeBrand(userId), {
        businessName: profile.business_name,
        businessType: profile.business_type,
        goal: profile.goal,
        tone: profile.tone,
        offerings: profile.offerings,
        targetAudience: profile.target_audience,
      });
      return toProfile(record);
    },

    async history(userId: string): Promise<{ ideas: IdeaItem[]; allowance: IdeaAllowance }> {
      const records = await deps.ideas.listRecent(userId, await deps.activeBrand(userId), historyLimit);
      return { ideas: records.map(toItem), allowance: await allowance(userId) };
    },

    /**
     * One batch costs one idea credit, taken before the writer starts so two parallel requests cannot both use the
     * last one; if the writer fails (timeout, rate limit, unusable answer) or the batch cannot be stored, the credit
     * goes back.
     */
    async generate(userId: string, profile: BusinessProfile): Promise<{ ideas: IdeaItem[]; allowance: IdeaAllowance }> {
      const brandId = await deps.activeBrand(userId);
      const records = await deps.paidJobs.charged(userId, 'ideas', async () => {
        const drafts = await deps.writer.ideas(toBrief(profile), ideasPerBatch);
        return deps.ideas.addBatch(userId, brandId, randomUUID(), drafts.map((draft) => ({ id: randomUUID(), ...draft })));
      });
      return { ideas: records.map(toItem), allowance: await allowance(userId) };
    },

    /**
     * "Use this idea": a Custom Storyboard project titled after the idea, keeping its script prompt for the script
     * step. It is a new video, so like Create Video on the dashboard it needs a video credit left.
     */
    async startProject(userId: string, ideaId: string): Promise<{ id: string }> {
      const found = await deps.ideas.findOwned(userId, ideaId);
      if (!found) throw new UserFacingError(404, ideaMessages.ideaNotFound);
      const subscription = await deps.quotas.current(userId);
      if (subscription.videosUsed >= subscription.videosAllowed) throw new UserFacingError(403, quotaMessages.videos);
      const created = await deps.projects.create({
        id: randomUUID(),
        userId,
        videoType: 'custom-storyboard',
        title: found.title,
        composition: newProjectDocument({ prompt: found.scriptPrompt }),
      });
      return { id: created.id };
    },
  };
}

export type IdeasService = ReturnType<typeof createIdeasService>;
