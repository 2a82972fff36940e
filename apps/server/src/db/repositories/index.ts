import type { Database } from '../client.ts';
import { createAccountDataRepository } from './account-data.ts';
import { createBillingRepository } from './billing.ts';
import { createBrandsRepository } from './brands.ts';
import { createBusinessProfilesRepository } from './business-profiles.ts';
import { createFinalVideosRepository } from './final-videos.ts';
import { createGatewayRepository } from './gateway.ts';
import { createIdeasRepository } from './ideas.ts';
import { createJobStatusRepository } from './job-status.ts';
import { createOutboxRepository } from './outbox.ts';
import { createOwnVideosRepository } from './own-videos.ts';
import { createPageViewsRepository } from './page-views.ts';
import { createProjectsRepository } from './projects.ts';
import { createRateLimitsRepository } from './rate-limits.ts';
import { createSubscriptionsRepository } from './subscriptions.ts';
import { createUploadsRepository } from './uploads.ts';
import { createUsersRepository } from './users.ts';
import { createVideoCreditsRepository } from './video-credits.ts';
import { createVideoGenerationsRepository } from './video-generations.ts';

export function createRepositories(db: Database) {
  return {
    users: createUsersRepository(db),
    outbox: createOutboxRepository(db),
    pageViews: createPageViewsRepository(db),
    uploads: createUploadsRepository(db),
    jobStatus: createJobStatusRepository(db),
    subscriptions: createSubscriptionsRepository(db),
    projects: createProjectsRepository(db),
    billing: createBillingRepository(db),
    gateway: createGatewayRepository(db),
    businessProfiles: createBusinessProfilesRepository(db),
    brands: createBrandsRepository(db),
    ideas: createIdeasRepository(db),
    ownVideos: createOwnVideosRepository(db),
    finalVideos: createFinalVideosRepository(db),
    videoCredits: createVideoCreditsRepository(db),
    videoGenerations: createVideoGenerationsRepository(db),
    rateLimits: createRateLimitsRepository(db),
    accountData: createAccountDataRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
