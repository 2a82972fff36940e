import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkImageStatusResponse, latestUgcConfigResponse, latestUgcImageResponse, ugcSettingsResponse, videoStatusResponse } from '@reelsmith/contracts';
import { expect } from 'vitest';
import { signUpAndConfirm } from './accounts.ts';
import type { TestApp } from './app.ts';
import { multipartForm, type FormFile } from './brolls-multipart.ts';
import { makeFixtures } from './media-fixtures.ts';

/** The UGC API as a page uses it, for the tests of both UGC steps (offline, and through the vendors' stand-ins). */
const fixtures = makeFixtures();

/** A product shot stand-in: a blue bottle on a white ground, as product photos usually are. */
function productPhoto(): Buffer {
  const path = fixtures.path('ugc-bottle.png');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=white:s=600x800,drawbox=x=220:y=160:w=160:h=480:c=0x1e6fd9:t=fill', '-frames:v', '1', path]);
  return readFileSync(path);
}
export const bottle = productPhoto();
export const photo = (content = bottle, filename = 'bottle.png'): FormFile => ({ field: 'productImage', filename, content });
export const form = { product: 'Glow Serum', gender: 'Male', ethnicity: 'Indian', ageGroup: 'Teen', clothing: 'Sportswear', productPlacement: 'Held by person', background: 'Kitchen' };

/** Every file the app stored, outside its scratch folder. */
export function storedFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !join(entry.parentPath, entry.name).includes('/tmp/'))
    .map((entry) => join(entry.parentPath, entry.name));
}

export async function ugcAccount(t: TestApp, email: string) {
  const account = await signUpAndConfirm(t.app, email);
  await account.client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  await t.composed.quotas.current(account.userId);
  return account;
}

export function ugcClient(t: TestApp, account: Awaited<ReturnType<typeof ugcAccount>>) {
  const user = { user_id: account.userId };
  const generateImage = (fields: Record<string, string>, files: FormFile[] = [photo()]) => {
    const { payload, headers } = multipartForm({ ...user, ...fields }, files);
    return account.client.request('POST', '/api/generate-ugc-image', payload, headers);
  };
  const imageStatus = async (videoId?: string) => checkImageStatusResponse.parse((await account.client.post('/api/check-image-status', { ...user, video_id: videoId })).json());
  async function image(videoId: string) {
    for (let i = 0; i < 600; i += 1) {
      const status = await imageStatus(videoId);
      if (status.status !== 'processing') return status;
      await sleep(100);
    }
    throw new Error('the still was not made');
  }
  const generateVideo = (fields: Record<string, string>) => account.client.post('/api/ugc-generate-video', { ...user, ...fields });
  const videoStatus = async (videoId: string) => videoStatusResponse.parse((await account.client.post('/api/check-video-status', { ...user, video_id: videoId })).json());
  async function video(videoId: string) {
    for (let i = 0; i < 1500; i += 1) {
      const status = await videoStatus(videoId);
      if (status.status !== 'processing') return status;
      await sleep(200);
    }
    throw new Error('the video was not made');
  }
  async function download(url: string, name: string): Promise<string> {
    const file = await account.client.get(url);
    expect(file.statusCode).toBe(200);
    const path = join(t.config.dataDir, name);
    writeFileSync(path, file.rawPayload);
    return path;
  }
  const latestConfig = async () => latestUgcConfigResponse.parse((await account.client.post('/api/latest-ugc-config', user)).json());
  const latestImage = async () => latestUgcImageResponse.parse((await account.client.post('/api/latest-ugc-image', user)).json());
  const settings = async () => ugcSettingsResponse.parse((await account.client.get('/api/ugc/settings')).json());
  const aiVideosUsed = async () => (await t.composed.repositories.subscriptions.find(account.userId))!.aiVideosUsed;
  return { generateImage, imageStatus, image, generateVideo, videoStatus, video, download, latestConfig, latestImage, settings, aiVideosUsed };
}

