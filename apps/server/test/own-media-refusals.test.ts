import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dashboardTexts, maxImageBytes, scrollStopperTexts, uploadPolicies, uploadResponse } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp, type TestClient } from './app.ts';
import { multipartForm } from './brolls-multipart.ts';
import { testDatabaseTargets } from './databases.ts';
import { multipartFile } from './media-fixtures.ts';

/**
 * What the Animated Images and Scroll Stopper pages refuse before sending (issue 8), refused by the server too, with
 * the page's text and nothing stored: an image over the upload limit, a file that is not a video, an image as a video.
 */
const targets = await testDatabaseTargets();
const dir = mkdtempSync(join(tmpdir(), 'rs-own-media-refusals-'));
execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:size=360x640', '-frames:v', '1', join(dir, 'red.png')]);
const red = readFileSync(join(dir, 'red.png'));
const words = Buffer.from('Shopping list: eggs, milk, bread.\n'.repeat(20));

describe.each(targets)('own-media refusals on $name', (target) => {
  let t: TestApp;
  let client: TestClient;
  let userId: string;

  beforeAll(async () => {
    t = await startTestApp(target);
    const account = await signUpAndConfirm(t.app, 'refusals@example.com');
    ({ client, userId } = account);
    await client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  }, 60_000);
  afterAll(() => t.close());

  const state = async () => ({
    uploads: (await t.composed.repositories.uploads.listForUser(userId)).length,
    latestProject: (await t.composed.repositories.projects.latestOwned(userId))?.id ?? null,
  });
  const refusal = (response: { statusCode: number; json(): unknown }) => ({ status: response.statusCode, body: response.json() });
  const upload = async (purpose: string, filename: string, content: Buffer) => {
    const { payload, headers } = multipartFile('file', filename, content);
    return client.request('POST', `/api/uploads/${purpose}`, payload, headers);
  };

  it('refuses an image one byte over the upload limit in convert-images-to-video with the page’s text, storing nothing', async () => {
    const before = await state();
    const { payload, headers } = multipartForm({ user_id: userId, zoom: 'yes', effect: 'fade' }, [
      { field: 'image1', filename: 'red.png', content: red },
      { field: 'image2', filename: 'big.png', content: Buffer.alloc(maxImageBytes + 1, 7) },
    ]);
    const response = await client.request('POST', '/api/convert-images-to-video', payload, headers);
    expect(refusal(response)).toEqual({ status: 413, body: { error: uploadPolicies['scene-image'].tooLargeMessage() } });
    expect(await state()).toEqual(before);
  });

  it('refuses a file that is not a video as a Scroll Stopper video with the page’s text, storing nothing', async () => {
    const before = await state();
    expect(refusal(await upload('scroll-stopper-video', 'notes.mp4', words))).toEqual({ status: 415, body: { error: scrollStopperTexts.notVideo } });
    expect(refusal(await upload('scroll-stopper-video', 'red.png', red))).toEqual({ status: 415, body: { error: scrollStopperTexts.notVideo } });
    expect(await state()).toEqual(before);
  });

  it('starts no Scroll Stopper project on one of the user’s images', async () => {
    const image = uploadResponse.parse((await upload('scene-image', 'red.png', red)).json());
    const before = await state();
    const entry = await client.post('/api/create-video-entry', { user_id: userId, video_type: 'scroll-stopper', user_video_url: image.url });
    expect(refusal(entry)).toEqual({ status: 400, body: { error: dashboardTexts.invalidVideoUrl } });
    expect(await state()).toEqual(before);
  });
});
