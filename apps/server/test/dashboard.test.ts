import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dashboardTexts, genericMessages, quotaMessages, subscriptionResponse, uploadPolicies } from '@reelsmith/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, TestClient, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { multipartFile } from './media-fixtures.ts';

const targets = await testDatabaseTargets();
/** A logo as brands have one: orange on a transparent ground, which is why it stays a PNG when it is kept. */
const png = await sharp({ create: { width: 64, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
  .composite([{ input: { create: { width: 48, height: 24, channels: 4, background: '#ff6a00' } }, left: 8, top: 8 }])
  .png()
  .toBuffer();
const clipPath = join(mkdtempSync(join(tmpdir(), 'rs-dashboard-')), 'clip.mp4');
execFileSync('ffmpeg', [
  ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=180x320:rate=25:duration=1'],
  ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clipPath],
]);
const clip = readFileSync(clipPath);

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer };

/** A multipart/form-data body with its parts in the given order, as a browser's FormData sends them. */
function multipartForm(parts: Part[]) {
  const boundary = `----reelsmith${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) =>
    'value' in part
      ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`)]
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
              'Content-Type: application/octet-stream\r\n\r\n',
          ),
          part.content,
          Buffer.from('\r\n'),
        ],
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(targets)('dashboard API on $name', (target) => {
  let t: TestApp;
  let client: TestClient;
  let userId: string;
  const email = 'dash.owner@example.com';
  let other: { client: TestClient; userId: string; email: string };

  beforeAll(async () => {
    t = await startTestApp(target);
    const account = await signUpAndConfirm(t.app, email);
    client = account.client;
    userId = account.userId;
    await client.post('/api/auth/sign-in/email', { email, password: account.password });
    const second = await signUpAndConfirm(t.app, 'dash.other@example.com');
    await second.client.post('/api/auth/sign-in/email', { email: second.email, password: second.password });
    other = second;
  });
  afterAll(() => t.close());

  const subscription = async () => (await client.post('/api/subscription', { email })).json();
  const uploadLogo = (parts: Part[], requester = client) => {
    const { payload, headers } = multipartForm(parts);
    return requester.request('POST', '/api/upload-logo', payload, headers);
  };

  it('answers the Free Plan subscription object of a new account, by POST and by GET', async () => {
    const posted = await client.post('/api/subscription', { email });
    expect(posted.statusCode).toBe(200);
    const body = subscriptionResponse.parse(posted.json());
    expect(body).toEqual({
      plan_name: 'Free Plan',
      plan_id: 'free',
      status: 'active',
      videos_used: 0,
      videos_allowed: 3,
      ai_videos_used: 0,
      ai_videos_allowed: 1,
      ideas_generated: 0,
      ideas_allowed: 10,
      end_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      cancel_at_period_end: false,
      scheduled_change: null,
      pending_upgrade: null,
      logo: null,
      trial_pack_taken: null,
      voice_id: null,
      ai_motion_templates: true,
    });
    const daysLeft = (Date.parse(body.end_date) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(27);
    expect(daysLeft).toBeLessThan(32);
    const got = await client.get(`/api/subscription?email=${encodeURIComponent(email.toUpperCase())}`);
    expect(got.json()).toEqual(body);
  });

  it('needs a session and refuses another user’s email or id', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.post('/api/subscription', { email })).statusCode).toBe(401);
    expect((await anonymous.post('/api/videos', { user_id: userId })).statusCode).toBe(401);
    expect((await anonymous.post('/api/create-video-entry', { user_id: userId })).statusCode).toBe(401);
    expect((await anonymous.post('/api/remove-logo', { email })).statusCode).toBe(401);

    const refusals = [
      await client.post('/api/subscription', { email: other.email }),
      await client.get(`/api/subscription?email=${encodeURIComponent(other.email)}`),
      await client.post('/api/remove-logo', { email: other.email }),
      await client.post('/api/videos', { user_id: other.userId }),
      await client.post('/api/create-video-entry', { user_id: other.userId }),
    ];
    for (const response of refusals) {
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 403, body: { error: genericMessages.forbidden } });
    }
    expect((await client.post('/api/subscription', {})).statusCode).toBe(400);
  });

  it('sets a real PNG as the logo, serves it, and removes it', async () => {
    const uploaded = await uploadLogo([
      { name: 'email', value: email },
      { name: 'logo', filename: 'brand.png', content: png },
    ]);
    expect(uploaded.statusCode).toBe(200);
    const logoUrl = uploaded.json().logo_url as string;
    expect(logoUrl).toMatch(new RegExp(`^/files/users/${userId}/uploads/[0-9a-f-]+\\.png\\?exp=\\d+&sig=`));
    expect((await subscription()).logo).toMatch(/\.png\?exp=/);
    const served = await client.get(logoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const removed = await client.post('/api/remove-logo', { email });
    expect(removed.json()).toEqual({ status: 'success' });
    expect((await subscription()).logo).toBeNull();
  });

  it('reads the form fields in either order', async () => {
    const uploaded = await uploadLogo([
      { name: 'logo', filename: 'brand.png', content: png },
      { name: 'email', value: email },
    ]);
    expect(uploaded.statusCode).toBe(200);
    expect((await subscription()).logo).not.toBeNull();
  });

  it('refuses a file that is not an image with the policy’s message and keeps the current logo', async () => {
    const before = await subscription();
    const uploadsBefore = await t.composed.repositories.uploads.listForUser(userId);
    const refused = await uploadLogo([
      { name: 'email', value: email },
      { name: 'logo', filename: 'logo.png', content: Buffer.from('<svg onload="alert(1)"></svg> not really a picture'.repeat(10)) },
    ]);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 415, body: { error: uploadPolicies.logo.wrongTypeMessage } });
    const videoAsLogo = await uploadLogo([
      { name: 'email', value: email },
      { name: 'logo', filename: 'logo.png', content: clip },
    ]);
    expect(videoAsLogo.json()).toEqual({ error: uploadPolicies.logo.wrongTypeMessage });
    const after = await subscription();
    expect(after.logo?.split('?')[0]).toBe(before.logo?.split('?')[0]);
    expect(await t.composed.repositories.uploads.listForUser(userId)).toEqual(uploadsBefore);
  });

  it('refuses a logo over the upload limit, a form without a file, and a form for another user, storing nothing', async () => {
    const uploadsBefore = await t.composed.repositories.uploads.listForUser(userId);
    const tooLarge = await uploadLogo([
      { name: 'email', value: email },
      { name: 'logo', filename: 'big.png', content: Buffer.alloc(uploadPolicies.logo.maxBytes + 1, 7) },
    ]);
    expect({ status: tooLarge.statusCode, body: tooLarge.json() }).toEqual({ status: 413, body: { error: uploadPolicies.logo.tooLargeMessage() } });
    expect((await uploadLogo([{ name: 'email', value: email }])).statusCode).toBe(400);
    for (const order of [
      [{ name: 'email', value: other.email }, { name: 'logo', filename: 'brand.png', content: png }],
      [{ name: 'logo', filename: 'brand.png', content: png }, { name: 'email', value: other.email }],
    ]) {
      expect((await uploadLogo(order)).statusCode).toBe(403);
    }
    expect(await t.composed.repositories.uploads.listForUser(userId)).toEqual(uploadsBefore);
    expect((await other.client.post('/api/subscription', { email: other.email })).json().logo).toBeNull();
  });

  it('lists finished videos only, newest first, with signed video and poster URLs', async () => {
    expect((await client.post('/api/videos', { user_id: userId })).json()).toEqual({ videos: [] });
    const { projects } = t.composed.repositories;
    await projects.create({ id: 'p-draft', userId, videoType: 'add-brolls' });
    await projects.create({
      id: 'p-old',
      userId,
      videoType: 'ugc',
      title: 'Spring sale',
      finalVideoKey: `users/${userId}/renders/old.mp4`,
      completedAt: new Date('2026-01-02T10:00:00Z'),
    });
    await projects.create({
      id: 'p-new',
      userId,
      videoType: 'scroll-stopper',
      title: 'Launch',
      finalVideoKey: `users/${userId}/renders/new.mp4`,
      posterKey: `users/${userId}/renders/new.jpg`,
      completedAt: new Date('2026-02-02T10:00:00Z'),
    });
    await projects.create({ id: 'p-theirs', userId: other.userId, videoType: 'ugc', finalVideoKey: `users/${other.userId}/renders/x.mp4` });

    const { videos } = (await client.post('/api/videos', { user_id: userId })).json();
    expect(videos).toEqual([
      {
        id: 'p-new',
        brand_id: expect.any(String),
        title: 'Launch',
        video_url: expect.stringMatching(new RegExp(`^/files/users/${userId}/renders/new\\.mp4\\?exp=\\d+&sig=`)),
        poster_url: expect.stringMatching(/\/renders\/new\.jpg\?exp=\d+&sig=/),
        created_at: '2026-02-02T10:00:00.000Z',
      },
      {
        id: 'p-old',
        brand_id: expect.any(String),
        title: 'Spring sale',
        video_url: expect.stringMatching(/\/renders\/old\.mp4\?/),
        poster_url: null,
        created_at: '2026-01-02T10:00:00.000Z',
      },
    ]);
  });

  it('deletes the owner’s finished video and its files, keeps the credit used, and leaves drafts and other users alone', async () => {
    const { storage, quotas } = t.composed;
    const { projects } = t.composed.repositories;
    const videoKey = `users/${userId}/renders/delete-me.mp4`;
    const posterKey = `users/${userId}/renders/delete-me.jpg`;
    await storage.putFile(videoKey, clipPath, 'video/mp4');
    await storage.putFile(posterKey, clipPath, 'image/jpeg');
    await projects.create({ id: 'p-delete', userId, videoType: 'ugc', title: 'Delete me', finalVideoKey: videoKey, posterKey, completedAt: new Date() });
    await quotas.consume(userId, 'videos');
    const usedBefore = (await client.post('/api/subscription', { email })).json().videos_used;

    const foreign = await other.client.post('/api/delete-video', { video_id: 'p-delete' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: dashboardTexts.videoNotFound });
    expect(await storage.stat(videoKey)).not.toBeNull();
    expect((await client.post('/api/delete-video', { video_id: 'p-draft' })).statusCode).toBe(404);
    expect(await projects.findOwned(userId, 'p-draft')).toBeDefined();
    expect((await t.app.inject({ method: 'POST', url: '/api/delete-video', payload: { video_id: 'p-delete' } })).statusCode).toBe(401);

    const deleted = await client.post('/api/delete-video', { video_id: 'p-delete' });
    expect(deleted.statusCode).toBe(200);
    expect(await storage.stat(videoKey)).toBeNull();
    expect(await storage.stat(posterKey)).toBeNull();
    const { videos } = (await client.post('/api/videos', { user_id: userId })).json();
    expect(videos.map((video: { id: string }) => video.id)).not.toContain('p-delete');
    expect((await client.post('/api/subscription', { email })).json().videos_used).toBe(usedBefore);
    expect((await client.post('/api/delete-video', { video_id: 'p-delete' })).statusCode).toBe(404);
  });

  it('titles an unnamed video by its script’s first line, and renames only the owner’s finished video', async () => {
    const { projects } = t.composed.repositories;
    const longLine = 'Fresh sourdough every morning at the corner bakery on Market Street, baked by hand since 1998';
    await projects.create({ id: 'p-script', userId, videoType: 'ugc', script: `\n  Fresh bread, every morning.  \nCome early.`, finalVideoKey: `users/${userId}/renders/s.mp4` });
    await projects.create({ id: 'p-long', userId, videoType: 'ugc', script: longLine, finalVideoKey: `users/${userId}/renders/l.mp4` });
    const titles = async () =>
      Object.fromEntries(((await client.post('/api/videos', { user_id: userId })).json().videos as Array<{ id: string; title: string }>).map((v) => [v.id, v.title]));
    expect((await titles())['p-script']).toBe('Fresh bread, every morning.');
    expect((await titles())['p-long']).toBe('Fresh sourdough every morning at the corner bakery on Market Street, baked by…');

    expect((await other.client.post('/api/rename-video', { video_id: 'p-script', title: 'Mine now' })).statusCode).toBe(404);
    expect((await client.post('/api/rename-video', { video_id: 'p-draft', title: 'Draft' })).statusCode).toBe(404);
    expect((await client.post('/api/rename-video', { video_id: 'p-script', title: '   ' })).statusCode).toBe(400);
    expect((await client.post('/api/rename-video', { video_id: 'p-script', title: '  Bakery morning  ' })).statusCode).toBe(200);
    expect((await titles())['p-script']).toBe('Bakery morning');
  });

  it('creates a video entry without a URL, and with a signed URL of the user’s own video', async () => {
    const plain = await client.post('/api/create-video-entry', { user_id: userId });
    expect(plain.json()).toEqual({ status: 'success', video_id: expect.any(String) });
    const entry = await t.composed.repositories.projects.findOwned(userId, plain.json().video_id);
    expect(entry).toMatchObject({ videoType: 'add-brolls', sourceVideoKey: null });

    const { payload, headers } = multipartFile('file', 'clip.mp4', clip);
    const uploaded = (await client.request('POST', '/api/uploads/main-video', payload, headers)).json();
    const withUrl = await client.post('/api/create-video-entry', {
      user_id: userId,
      user_video_url: `http://localhost:8080${uploaded.url}`,
      video_type: 'scroll-stopper',
    });
    expect(withUrl.statusCode).toBe(200);
    const stored = await t.composed.repositories.projects.findOwned(userId, withUrl.json().video_id);
    expect(stored).toMatchObject({ videoType: 'scroll-stopper', sourceVideoKey: `users/${userId}/uploads/${uploaded.id}.mp4` });
    expect((await client.post('/api/create-video-entry', { user_id: userId, video_type: 'nonsense' })).statusCode).toBe(400);
  });

  it('refuses a forged, foreign, missing or non-video URL', async () => {
    const { signer } = t.composed;
    const ownKey = `users/${userId}/uploads/missing.mp4`;
    const logoUrl = (await subscription()).logo as string;
    const forged = signer.sign(ownKey).replace(/sig=[^&]+/, 'sig=AAAA');
    const theirs = signer.sign(`users/${other.userId}/uploads/x.mp4`);
    for (const url of [forged, theirs, signer.sign(ownKey), logoUrl, '/files/users/x.mp4', 'not a url at all %%%']) {
      const response = await client.post('/api/create-video-entry', { user_id: userId, user_video_url: url });
      const answer = { url, status: response.statusCode, body: response.json() };
      expect(answer).toEqual({ url, status: 400, body: { error: dashboardTexts.invalidVideoUrl } });
    }
  });

  it('refuses a new entry once the video credits are used up', async () => {
    await t.composed.repositories.subscriptions.update(userId, { videosUsed: 3 });
    const response = await client.post('/api/create-video-entry', { user_id: userId });
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 403, body: { error: quotaMessages.videos } });
    expect(await subscription()).toMatchObject({ videos_used: 3, videos_allowed: 3 });
  });
});
