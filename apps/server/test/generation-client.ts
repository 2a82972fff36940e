import { readdirSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { videoStatusResponse } from '@reelsmith/contracts';
import { expect } from 'vitest';
import { signUpAndConfirm } from './accounts.ts';
import type { TestApp } from './app.ts';

/** What the AI generation flows' tests share: a signed-in account, the project's video status, its file. */

export async function signedInAccount(t: TestApp, email: string) {
  const account = await signUpAndConfirm(t.app, email);
  await account.client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  await t.composed.quotas.current(account.userId);
  return account;
}
export type SignedInAccount = Awaited<ReturnType<typeof signedInAccount>>;

/** Every file the app stored, outside its scratch folder. */
export function storedFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    // The data folder itself lives under the OS's /tmp: only its own scratch folder (DATA_DIR/tmp) is left out.
    .filter((entry) => entry.isFile() && !relative(dir, join(entry.parentPath, entry.name)).startsWith(`tmp${sep}`))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** check-video-status for a project as its page polls it, until the generation ends; and a signed file, downloaded. */
export function generationPolls(t: TestApp, account: SignedInAccount) {
  const checkStatus = async (videoId: string) => videoStatusResponse.parse((await account.client.post('/api/check-video-status', { user_id: account.userId, video_id: videoId })).json());
  async function finalStatus(videoId: string) {
    for (let i = 0; i < 1500; i += 1) {
      const status = await checkStatus(videoId);
      if (status.status !== 'processing') return status;
      await sleep(200);
    }
    throw new Error('the generation did not finish');
  }
  async function download(url: string, name: string): Promise<string> {
    const file = await account.client.get(url);
    expect(file.statusCode).toBe(200);
    const path = join(t.config.dataDir, name);
    writeFileSync(path, file.rawPayload);
    return path;
  }
  return { checkStatus, finalStatus, download };
}
