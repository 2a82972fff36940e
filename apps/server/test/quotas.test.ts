import { quotaMessages } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { createRepositories, type Repositories } from '../src/db/repositories/index.ts';
import { user } from '../src/db/schema.ts';
import { createQuotaService } from '../src/core/credits/quotas.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();

describe.each(targets)('quotas on $name', (target) => {
  let database: DatabaseHandle;
  let repositories: Repositories;
  let now = new Date('2026-01-15T10:00:00Z');
  const quotas = () => createQuotaService({ subscriptions: repositories.subscriptions, clock: () => now });

  beforeAll(async () => {
    database = await target.open();
    repositories = createRepositories(database.db);
    for (const id of ['q1', 'q2', 'q3']) await database.db.insert(user).values({ id, name: id, email: `${id}@example.com` });
  });
  afterAll(() => database.close());

  it('starts every account on the Free Plan for a month', async () => {
    const record = await quotas().current('q1');
    expect(record).toMatchObject({ planId: 'free', videosAllowed: 3, aiVideosAllowed: 1, ideasAllowed: 10, videosUsed: 0 });
    expect(record.periodEnd.toISOString()).toBe('2026-02-15T10:00:00.000Z');
  });

  it('lets exactly one of 20 parallel requests take the last credit', async () => {
    await quotas().current('q2');
    await repositories.subscriptions.update('q2', { videosUsed: 2 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => quotas().consume('q2', 'videos')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(new Set(refused.map((r) => (r.reason as Error).message))).toEqual(new Set([quotaMessages.videos]));
    expect((await repositories.subscriptions.find('q2'))!.videosUsed).toBe(3);
  });

  it('resets usage when a new period starts', async () => {
    now = new Date('2026-03-20T00:00:00Z');
    const record = await quotas().current('q2');
    expect(record).toMatchObject({ videosUsed: 0 });
    expect(record.periodStart.toISOString()).toBe('2026-03-15T10:00:00.000Z');
    expect(record.periodEnd.toISOString()).toBe('2026-04-15T10:00:00.000Z');
  });
});
