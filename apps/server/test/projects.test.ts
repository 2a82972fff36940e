import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { createRepositories, type Repositories } from '../src/db/repositories/index.ts';
import { user } from '../src/db/schema.ts';
import { InvalidProjectDocumentError, readProjectDocument, type ProjectDocumentPatch } from '../src/core/project/project-document.ts';
import { createWorkflowProjects } from '../src/core/project/workflow-projects.ts';
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

  it('keeps credit holds in the document, where the schema reads them', async () => {
    await repositories.projects.create({ id: 'proj-holds', userId: 'p1', videoType: 'image-to-video', composition: { version: 1 } });
    await repositories.videoCredits.hold('p1', 'proj-holds', 'job-a', 'aiVideos');
    await repositories.videoCredits.hold('p1', 'proj-holds', 'job-b', 'videos');
    const held = await repositories.projects.findOwned('p1', 'proj-holds');
    expect(readProjectDocument(held!.composition).creditHolds).toEqual({ 'job-a': 'aiVideos', 'job-b': 'videos' });
    expect(await repositories.videoCredits.release('p1', 'proj-holds', 'job-a')).toBe(true);
    const released = await repositories.projects.findOwned('p1', 'proj-holds');
    expect(readProjectDocument(released!.composition).creditHolds).toEqual({ 'job-b': 'videos' });
  });

  it('writes a legacy document in the current shape on the first save, keeping what was merged since it was read', async () => {
    const workflow = createWorkflowProjects(repositories.projects);
    await repositories.projects.create({ id: 'proj-legacy', userId: 'p1', videoType: 'custom-storyboard', composition: { prompt: 'Old' } });
    const read = (await repositories.projects.findOwned('p1', 'proj-legacy'))!;
    await repositories.videoCredits.hold('p1', 'proj-legacy', 'job-c', 'aiVideos');
    const saved = await workflow.save(read, { music: { key: null, title: 'No Background Music' } });
    expect(saved.composition).toEqual({ version: 1, prompt: 'Old', creditHolds: { 'job-c': 'aiVideos' }, music: { key: null, title: 'No Background Music' } });

    await workflow.save(read, { prompt: 'New' });
    expect((await repositories.projects.findOwned('p1', 'proj-legacy'))!.composition).toEqual({ ...saved.composition, prompt: 'New' });
  });

  it('refuses to save a part the document does not have, or a key that is a path, and writes nothing', async () => {
    const workflow = createWorkflowProjects(repositories.projects);
    const record = await workflow.resolveOrCreate('p2', undefined, 'custom-storyboard');
    expect(record.composition).toEqual({ version: 1 });
    await expect(workflow.save(record, { musik: { key: null } } as ProjectDocumentPatch)).rejects.toThrow(InvalidProjectDocumentError);
    await expect(workflow.save(record, { closingImageKey: '/data/files/users/p2/cta.png' })).rejects.toThrow(/closingImageKey/);
    expect((await repositories.projects.findOwned('p2', record.id))!.composition).toEqual({ version: 1 });
  });
});
