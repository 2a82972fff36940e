import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkImageStatusResponse, latestUgcConfigResponse, latestUgcImageResponse, ugcSettingsResponse } from '@reelsmith/contracts';
import { generationPolls, signedInAccount, storedFiles, type SignedInAccount } from './generation-client.ts';
import type { TestApp } from './app.ts';
import { multipartForm, type FormFile } from './brolls-multipart.ts';
import { makeFixtures } from './media-fixtures.ts';

export { storedFiles };

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

export const ugcAccount = signedInAccount;

export function ugcClient(t: TestApp, account: SignedInAccount) {
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
  const generateVideo = (fields: Record<string, string | boolean>) => account.client.post('/api/ugc-generate-video', { ...user, ...fields });
  const latestConfig = async () => latestUgcConfigResponse.parse((await account.client.post('/api/latest-ugc-config', user)).json());
  const latestImage = async () => latestUgcImageResponse.parse((await account.client.post('/api/latest-ugc-image', user)).json());
  const settings = async () => ugcSettingsResponse.parse((await account.client.get('/api/ugc/settings')).json());
  const aiVideosUsed = async () => (await t.composed.repositories.subscriptions.find(account.userId))!.aiVideosUsed;
  const { checkStatus: videoStatus, finalStatus: video, download } = generationPolls(t, account);
  return { generateImage, imageStatus, image, generateVideo, videoStatus, video, download, latestConfig, latestImage, settings, aiVideosUsed };
}

