import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { probe } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp, type TestClient } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const [pglite] = await testDatabaseTargets();

/** The chain a video flow relies on: enqueue a render, poll its status, play the result through its signed URL. */
describe('render jobs through the API', () => {
  let t: TestApp;
  let owner: TestClient;
  let ownerId: string;
  beforeAll(async () => {
    t = await startTestApp(pglite!);
    await t.composed.queue.startWorkers(1);
    const account = await signUpAndConfirm(t.app, 'renderer@example.com');
    owner = account.client;
    ownerId = account.userId;
    await owner.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  });
  afterAll(() => t.close());

  it('renders a preview, reports percent, and serves the MP4 to its owner only', async () => {
    const folder = join(t.config.dataDir, 'files/users', ownerId, 'uploads');
    mkdirSync(folder, { recursive: true });
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=720x1280:rate=30:duration=6', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(folder, 'bg.mp4')]);
    const job = await t.composed.queue.enqueue(
      t.composed.jobs.render,
      {
        profile: 'preview',
        outputKey: `users/${ownerId}/renders/preview.mp4`,
        composition: { background: { kind: 'clips', clips: [{ key: `users/${ownerId}/uploads/bg.mp4`, duration: 6 }], fit: 'trim' } },
      },
      { userId: ownerId },
    );

    let status: { status: string; percent: number; url: string | null; error: string | null };
    const seen = new Set<string>();
    for (;;) {
      status = (await owner.get(`/api/jobs/${job.id}`)).json();
      seen.add(status.status);
      if (status.status === 'done' || status.status === 'error') break;
      await sleep(150);
    }
    expect(status).toMatchObject({ status: 'done', percent: 100, error: null });
    expect(seen.has('queued') || seen.has('processing')).toBe(true);

    const video = await owner.get(status.url!);
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    const saved = join(t.config.dataDir, 'downloaded.mp4');
    writeFileSync(saved, video.rawPayload);
    expect(await probe(saved)).toMatchObject({ width: 540, height: 960, hasVideo: true, hasAudio: true });

    const stranger = await signUpAndConfirm(t.app, 'stranger-render@example.com');
    await stranger.client.post('/api/auth/sign-in/email', { email: stranger.email, password: stranger.password });
    expect((await stranger.client.get(`/api/jobs/${job.id}`)).statusCode).toBe(404);
    expect((await stranger.client.get(status.url!)).statusCode).toBe(403);
  });

  it('refuses to render another user’s files', async () => {
    const job = await t.composed.queue.enqueue(
      t.composed.jobs.render,
      {
        profile: 'preview',
        outputKey: `users/${ownerId}/renders/theft.mp4`,
        composition: { background: { kind: 'clips', clips: [{ key: 'users/someone-else/uploads/secret.mp4', duration: 3 }], fit: 'trim' } },
      },
      { userId: ownerId },
    );
    let status: { status: string; error: string | null };
    do {
      await sleep(150);
      status = (await owner.get(`/api/jobs/${job.id}`)).json();
    } while (status.status === 'queued' || status.status === 'processing');
    expect(status).toMatchObject({ status: 'error', error: 'Video generation failed.' });
  });
});
