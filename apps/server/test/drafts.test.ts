import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { draftsResponse, draftTexts, genericMessages, type DraftItem } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp, type TestClient } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();
const bytesPath = join(mkdtempSync(join(tmpdir(), 'rs-drafts-')), 'bytes.bin');
writeFileSync(bytesPath, 'some bytes');

describe.each(targets)('drafts API on $name', (target) => {
  let t: TestApp;
  let client: TestClient;
  let userId: string;
  const email = 'drafts.owner@example.com';
  let other: { client: TestClient; userId: string };

  beforeAll(async () => {
    t = await startTestApp(target);
    const account = await signUpAndConfirm(t.app, email);
    ({ client, userId } = account);
    await client.post('/api/auth/sign-in/email', { email, password: account.password });
    const second = await signUpAndConfirm(t.app, 'drafts.other@example.com');
    await second.client.post('/api/auth/sign-in/email', { email: second.email, password: second.password });
    other = second;
  });
  afterAll(() => t.close());

  const projects = () => t.composed.repositories.projects;
  const step = (body: unknown, requester = client) => requester.post('/api/project-step', body);
  const drafts = async (requester = client): Promise<DraftItem[]> => {
    const response = await requester.get('/api/drafts');
    expect(response.statusCode).toBe(200);
    return draftsResponse.parse(response.json()).drafts;
  };

  it('records the page the user is on, in the flow’s own spelling, only on the owner’s project', async () => {
    await projects().create({ id: 'd-story', userId, videoType: 'custom-storyboard', script: 'Fresh bread every morning\nCome early.' });
    const recorded = await step({ project_id: 'd-story', page: '/audio' });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json()).toEqual({ status: 'success', flow: 'custom-storyboard' });
    expect((await projects().findOwned(userId, 'd-story'))!.lastPage).toBe('/audio');

    expect((await step({ project_id: 'd-story', page: '/brolls' })).statusCode).toBe(200);
    expect((await projects().findOwned(userId, 'd-story'))!.lastPage).toBe('/BRolls');
    expect((await t.app.inject({ method: 'POST', url: '/api/project-step', payload: { project_id: 'd-story', page: '/audio' } })).statusCode).toBe(401);
    expect((await projects().findOwned(userId, 'd-story'))!.lastPage).toBe('/BRolls');
  });

  it('lists the user’s unfinished projects, newest activity first, where each stopped', async () => {
    // Its first image is its poster until it has a video.
    const images = { version: 1, background: { kind: 'scenes', transition: 'fade', scenes: [{ imageKey: `users/${userId}/uploads/first.png`, duration: 4, zoom: true }] } };
    await projects().create({ id: 'd-images', userId, videoType: 'image-to-video', composition: images, updatedAt: new Date('2026-01-01T00:00:00Z') });
    // A project type that is no flow of its own continues in Custom Storyboard.
    await projects().create({ id: 'd-legacy', userId, videoType: 'smart-storyboard', title: 'Old storyboard', updatedAt: new Date('2025-12-01T00:00:00Z') });
    await projects().create({ id: 'd-done', userId, videoType: 'ugc', finalVideoKey: `users/${userId}/renders/done.mp4`, completedAt: new Date() });
    await projects().create({ id: 'd-theirs', userId: other.userId, videoType: 'add-brolls' });

    expect(await drafts()).toEqual([
      {
        id: 'd-story',
        brand_id: null,
        title: 'Fresh bread every morning',
        flow: 'custom-storyboard',
        video_type: 'Custom Storyboard',
        page: '/BRolls',
        step_title: 'Background Video: B-Rolls',
        step_number: 3,
        step_count: 5,
        poster: null,
        updated_at: expect.any(String),
      },
      // Untitled and never opened on a page: called by its tile, and continued at its flow's first page.
      {
        id: 'd-images',
        brand_id: null,
        title: 'Animated Images',
        flow: 'image-to-video',
        video_type: 'Animated Images',
        page: '/ImagetoVideo',
        // The entry page's heading is the tile's name: the card names the step instead.
        step_title: 'Video',
        step_number: 1,
        step_count: 6,
        poster: { kind: 'image', url: expect.stringContaining('/files/users/') },
        updated_at: '2026-01-01T00:00:00.000Z',
      },
      {
        id: 'd-legacy',
        brand_id: null,
        title: 'Old storyboard',
        flow: 'custom-storyboard',
        video_type: 'Custom Storyboard',
        page: '/script',
        step_title: 'Generate Script',
        step_number: 1,
        step_count: 5,
        poster: null,
        updated_at: '2025-12-01T00:00:00.000Z',
      },
    ]);

    // Opening a page is activity: that draft moves to the top.
    expect((await step({ project_id: 'd-legacy', page: '/audio' })).statusCode).toBe(200);
    expect((await drafts()).map((d) => [d.id, d.step_title])).toEqual([
      ['d-legacy', 'Generate Audio'],
      ['d-story', 'Background Video: B-Rolls'],
      ['d-images', 'Video'],
    ]);
    expect((await drafts(other.client)).map((d) => d.id)).toEqual(['d-theirs']);
    expect((await t.app.inject({ method: 'GET', url: '/api/drafts' })).statusCode).toBe(401);
  });

  it('shows at most twelve drafts', async () => {
    for (let n = 0; n < 13; n++) await projects().create({ id: `d-many-${n}`, userId: other.userId, videoType: 'own-video' });
    const listed = await drafts(other.client);
    expect(listed).toHaveLength(12);
    expect(listed.every((d) => d.page === '/OwnVideo' && d.step_title === 'Video')).toBe(true);
  });

  it('refuses a hostile step with the contract’s message and changes nothing', async () => {
    const mine = await projects().findOwned(userId, 'd-story');
    const theirs = await projects().findOwned(other.userId, 'd-theirs');
    const cases: [unknown, number, string][] = [
      [{ project_id: 'd-story', page: '/nowhere' }, 400, draftTexts.pageNotInFlow],
      [{ project_id: 'd-story', page: '/ImagetoVideo' }, 400, draftTexts.pageNotInFlow],
      [{ project_id: 'd-story', page: '/dashboard' }, 400, draftTexts.pageNotInFlow],
      [{ project_id: 'd-story', page: '/audio\0' }, 400, genericMessages.nulCharacter],
      [{ project_id: 'd-story\0', page: '/audio' }, 400, genericMessages.nulCharacter],
      [{ project_id: 'd-story', page: `/audio${'x'.repeat(10_240)}` }, 400, genericMessages.badRequest],
      [{ project_id: 'x'.repeat(10_240), page: '/audio' }, 400, genericMessages.badRequest],
      [{ project_id: 'd-story', page: { path: '/audio' } }, 400, genericMessages.badRequest],
      [{ project_id: { id: 'd-story' }, page: '/audio' }, 400, genericMessages.badRequest],
      [{ project_id: 'd-story', page: 42 }, 400, genericMessages.badRequest],
      [{ project_id: ['d-story'], page: '/audio' }, 400, genericMessages.badRequest],
      [{ project_id: 'd-story' }, 400, genericMessages.badRequest],
      [{ project_id: '', page: '/audio' }, 400, genericMessages.badRequest],
      [{ project_id: 'd-theirs', page: '/BRolls' }, 404, draftTexts.notFound],
      [{ project_id: 'd-missing', page: '/audio' }, 404, draftTexts.notFound],
    ];
    for (const [body, status, error] of cases) {
      const response = await step(body);
      // A body that does not parse also names its wrong field.
      const field = error === genericMessages.badRequest ? { field: expect.any(String) } : {};
      expect([response.statusCode, response.json()], JSON.stringify(body).slice(0, 80)).toEqual([status, { error, ...field }]);
    }
    expect(await projects().findOwned(userId, 'd-story')).toEqual(mine);
    expect(await projects().findOwned(other.userId, 'd-theirs')).toEqual(theirs);
  });

  it('discards a draft with the files only it names, keeping uploads, shared and library files, and the credits', async () => {
    const { storage } = t.composed;
    const key = (name: string) => `users/${userId}/${name}`;
    const own = [key('audio/d-gone-voice.wav'), key('audio/d-gone-original.wav'), key('renders/d-gone-broll-preview.mp4'), key('renders/d-gone-storyboard.mp4')];
    const upload = key('uploads/my-clip.mp4');
    const shared = key('uploads/stock-copy.png');
    for (const k of [...own, upload, shared]) await storage.putFile(k, bytesPath, 'application/octet-stream');
    await t.composed.repositories.uploads.add({ id: 'up-1', userId, purpose: 'main-video', storageKey: upload, kind: 'video', contentType: 'video/mp4', size: 10 });
    await projects().create({
      id: 'd-gone',
      userId,
      videoType: 'add-brolls',
      title: 'Gone soon',
      sourceVideoKey: upload,
      previewVideoKey: own[3],
      composition: {
        voiceover: { key: own[0], duration: 1, words: [], voice: 'nova', instructions: '', tempo: 1, original: { key: own[1], duration: 1, words: [] } },
        background: { kind: 'clips', clips: [{ key: upload, duration: 1 }], fit: 'trim' },
        overlays: [{ imageKey: shared, start: 0, end: 1 }],
        brollPreviewKey: own[2],
        music: { key: 'library/music/track-1.mp3', title: 'Track 1' },
      },
    });
    await projects().create({ id: 'd-sharer', userId, videoType: 'add-brolls', composition: { overlays: [{ imageKey: shared, start: 0, end: 1 }] } });
    await t.composed.quotas.consume(userId, 'videos');
    const usedBefore = (await client.post('/api/subscription', { email })).json().videos_used;

    const foreign = await other.client.post('/api/discard-draft', { video_id: 'd-gone' });
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: draftTexts.notFound }]);
    const finished = await client.post('/api/discard-draft', { video_id: 'd-done' });
    expect([finished.statusCode, finished.json()]).toEqual([404, { error: draftTexts.notFound }]);
    expect(await projects().findOwned(userId, 'd-done')).toBeDefined();
    for (const body of [{ video_id: 'd-gone\0' }, { video_id: { id: 'd-gone' } }, { video_id: 'x'.repeat(10_240) }, {}]) {
      expect((await client.post('/api/discard-draft', body)).statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/discard-draft', payload: { video_id: 'd-gone' } })).statusCode).toBe(401);
    for (const k of own) expect(await storage.stat(k), k).not.toBeNull();

    const discarded = await client.post('/api/discard-draft', { video_id: 'd-gone' });
    expect([discarded.statusCode, discarded.json()]).toEqual([200, { status: 'success' }]);
    expect(await projects().findOwned(userId, 'd-gone')).toBeUndefined();
    for (const k of own) expect(await storage.stat(k), k).toBeNull();
    expect(await storage.stat(upload)).not.toBeNull();
    expect(await storage.stat(shared)).not.toBeNull();
    expect((await drafts()).map((d) => d.id)).not.toContain('d-gone');
    expect((await client.post('/api/subscription', { email })).json().videos_used).toBe(usedBefore);
    expect((await client.post('/api/discard-draft', { video_id: 'd-gone' })).statusCode).toBe(404);
  });
});
