import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { createRepositories, type Repositories } from '../src/db/repositories/index.ts';
import { user } from '../src/db/schema.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();

describe.each(targets)('project documents on $name', (target) => {
  let database: DatabaseHandle;
  let repositories: Repositories;
  beforeAll(async () => {
    database = await target.open();
    repositories = createRepositories(database.db);
    for (const id of ['p1', 'p2']) await database.db.insert(user).values({ id, name: id, email: `${id}@example.com` });
  });
  afterAll(() => database.close());

  it('keeps both parts when two steps save at once, and only for the owner', async () => {
    await repositories.projects.create({ id: 'proj-1', userId: 'p1', videoType: 'custom-storyboard' });
    await Promise.all([
      repositories.projects.mergeDocument('p1', 'proj-1', { music: { key: null, title: 'No Background Music' } }),
      repositories.projects.mergeDocument('p1', 'proj-1', { overlays: [{ imageKey: 'users/p1/uploads/x.png', start: 1, end: 3 }] }),
    ]);
    expect(await repositories.projects.mergeDocument('p2', 'proj-1', { music: { key: 'stolen', title: 'x' } })).toBeUndefined();
    const project = await repositories.projects.findOwned('p1', 'proj-1');
    expect(project!.composition).toEqual({
      music: { key: null, title: 'No Background Music' },
      overlays: [{ imageKey: 'users/p1/uploads/x.png', start: 1, end: 3 }],
    });
  });

  it('answers the latest project the user touched', async () => {
    await repositories.projects.create({ id: 'proj-2', userId: 'p1', videoType: 'scroll-stopper' });
    expect((await repositories.projects.latestOwned('p1'))!.id).toBe('proj-2');
    await repositories.projects.update('p1', 'proj-1', { script: 'Edited later' });
    expect((await repositories.projects.latestOwned('p1'))!.id).toBe('proj-1');
    expect(await repositories.projects.latestOwned('p2')).toBeUndefined();
  });
});
