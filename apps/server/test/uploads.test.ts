import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { uploadMessages, uploadPolicies, type UploadPurpose } from '@reelsmith/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp, TestClient } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { makeFixtures, multipartFile } from './media-fixtures.ts';
import { phonePhoto, phonePhotoTop } from './phone-photo.ts';

const [pglite] = await testDatabaseTargets();
const fixtures = makeFixtures();

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

describe('uploads', () => {
  let t: TestApp;
  let client: TestClient;
  let userId: string;
  beforeAll(async () => {
    t = await startTestApp(pglite!);
    const account = await signUpAndConfirm(t.app, 'uploader@example.com');
    client = account.client;
    userId = account.userId;
    await client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  });
  afterAll(() => t.close());

  async function upload(purpose: string, fixture: string | Buffer, filename = 'file.bin', requester = client) {
    const content = typeof fixture === 'string' ? readFileSync(fixtures.path(fixture)) : fixture;
    const { payload, headers } = multipartFile('file', filename, content);
    const response = await requester.request('POST', `/api/uploads/${purpose}`, payload, headers);
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  }

  async function expectRefusedAndNothingStored(purpose: string, fixture: string | Buffer, filename: string, message: string, status: number) {
    const before = await t.composed.repositories.uploads.listForUser(userId);
    const result = await upload(purpose, fixture, filename);
    expect(result).toEqual({ status, body: { error: message } });
    expect(await t.composed.repositories.uploads.listForUser(userId)).toEqual(before);
    expect(filesUnder(join(t.config.dataDir, 'tmp'))).toEqual([]);
    expect(filesUnder(join(t.config.dataDir, 'files')).length).toBe(before.length);
  }

  it('stores a real video with what ffprobe says about it', async () => {
    const result = await upload('storyboard-video', 'clip.mp4', 'holiday.mov');
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ kind: 'video', content_type: 'video/mp4', width: 360, height: 640 });
    expect(result.body.duration).toBeCloseTo(3, 0);
    expect(String(result.body.url)).toMatch(/^\/files\/users\/[^/]+\/uploads\/[0-9a-f-]+\.mp4\?exp=\d+&sig=/);
  });

  it('stores an mp3 as music and an image as a logo', async () => {
    expect((await upload('music', 'tone.mp3', 'song.mp3')).body).toMatchObject({ kind: 'audio', content_type: 'audio/mpeg' });
    expect((await upload('logo', 'logo.png', 'brand.png')).body).toMatchObject({ kind: 'image', width: 200, height: 120 });
  });

  it('keeps a 5.8 MB phone photo upright and as large as its place needs: 1920 px within 1.8 MB for a showcase, 1080 px for a logo', async () => {
    const photo = phonePhoto(fixtures.path('sensor.jpg'));
    expect(photo.length).toBeGreaterThan(5 * 1024 * 1024);
    const showcase = await upload('showcase-image', photo, 'IMG_2041.JPG');
    expect(showcase.status).toBe(201);
    expect(showcase.body).toMatchObject({ kind: 'image', content_type: 'image/jpeg', width: 1440, height: 1920 });
    expect(showcase.body.size).toBeLessThanOrEqual(uploadPolicies['showcase-image'].imageFit.storedMaxBytes!);
    expect(String(showcase.body.url)).toMatch(/\.jpg\?exp=/);
    const [record] = (await t.composed.repositories.uploads.listForUser(userId)).filter((u) => u.id === showcase.body.id);
    const stored = await t.composed.storage.localPath(record!.storageKey);
    expect(statSync(stored).size).toBe(showcase.body.size);
    // The sensor's left edge, red, is at the top of what is stored, as the person holding the phone saw it.
    const top = await sharp(stored).extract({ left: 620, top: 0, width: 200, height: 100 }).resize(1, 1).raw().toBuffer();
    expect([...top].every((value, i) => Math.abs(value - phonePhotoTop[i]!) < 40)).toBe(true);

    expect((await upload('logo', photo, 'IMG_2041.JPG')).body).toMatchObject({ content_type: 'image/jpeg', width: 810, height: 1080 });
  });

  it('refuses a truncated MP4', () => expectRefusedAndNothingStored('storyboard-video', 'truncated.mp4', 'clip.mp4', uploadMessages.corrupt, 422));
  it('refuses an MP4 cut short whose header still reads fine', () =>
    expectRefusedAndNothingStored('storyboard-video', 'truncated-faststart.mp4', 'clip.mp4', uploadMessages.corrupt, 422));
  it('refuses music longer than the policy allows', () =>
    expectRefusedAndNothingStored('music', 'eleven-minutes.mp3', 'long.mp3', uploadMessages.tooLong(600), 422));
  it('refuses a text file named .mp4', () =>
    expectRefusedAndNothingStored('storyboard-video', 'text.mp4', 'clip.mp4', uploadPolicies['storyboard-video'].wrongTypeMessage, 415));
  it('refuses a PNG renamed .mp3', () => expectRefusedAndNothingStored('music', 'png-named.mp3', 'song.mp3', uploadPolicies.music.wrongTypeMessage, 415));
  it('refuses a 0-byte file', () => expectRefusedAndNothingStored('storyboard-video', 'empty.mp4', 'clip.mp4', uploadMessages.empty, 400));
  it('refuses an image of 30000x30000 pixels', () => expectRefusedAndNothingStored('logo', 'huge.png', 'logo.png', uploadMessages.imageTooLarge, 413));
  it('refuses a sound-only file where a video is expected', () =>
    expectRefusedAndNothingStored('storyboard-video', 'sound-only.mp4', 'clip.mp4', uploadMessages.noVideo, 415));

  it.each(Object.keys(uploadPolicies) as UploadPurpose[])('refuses a %s file one byte over its limit', async (purpose) => {
    const policy = uploadPolicies[purpose];
    const oversize = Buffer.alloc(policy.maxBytes + 1, 7);
    const before = await t.composed.repositories.uploads.listForUser(userId);
    const result = await upload(purpose, oversize, 'big.bin');
    expect(result.status).toBe(413);
    expect(result.body.error).toBe(policy.tooLargeMessage(oversize.length));
    expect(await t.composed.repositories.uploads.listForUser(userId)).toEqual(before);
    expect(filesUnder(join(t.config.dataDir, 'tmp'))).toEqual([]);
  });

  it('needs a signed-in user and a known purpose', async () => {
    const anonymous = await upload('logo', 'logo.png', 'logo.png', new TestClient(t.app));
    expect(anonymous.status).toBe(401);
    expect((await upload('passport', 'logo.png', 'logo.png')).status).toBe(400);
  });
});
