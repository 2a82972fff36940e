import type { Database } from '../client.ts';
import { createJobStatusRepository } from './job-status.ts';
import { createOutboxRepository } from './outbox.ts';
import { createPageViewsRepository } from './page-views.ts';
import { createSubscriptionsRepository } from './subscriptions.ts';
import { createUploadsRepository } from './uploads.ts';
import { createUsersRepository } from './users.ts';

export function createRepositories(db: Database) {
  return {
    users: createUsersRepository(db),
    outbox: createOutboxRepository(db),
    pageViews: createPageViewsRepository(db),
    uploads: createUploadsRepository(db),
    jobStatus: createJobStatusRepository(db),
    subscriptions: createSubscriptionsRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
