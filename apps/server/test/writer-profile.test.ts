import { generateScriptResponse, scenesResponse } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const [pglite] = await testDatabaseTargets();

describe('the offline writer writes about the saved business profile', () => {
  let t: TestApp;
  let account: Awaited<ReturnType<typeof signUpAndConfirm>>;
  beforeAll(async () => {
    t = await startTestApp(pglite!);
    account = await signUpAndConfirm(t.app, 'profile.writer@example.com');
    await account.client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  });
  afterAll(() => t.close());

  it('names the business and its offer in the script and the storyboard scenes', async () => {
    const saved = await account.client.post('/api/save-business-profile', {
      user_email: account.email,
      business_name: 'Crumb Corner',
      business_type: 'Bakery',
      goal: 'Drive Sales',
      tone: 'Fun & Quirky',
      offerings: 'sourdough loaves, cinnamon buns',
      target_audience: 'Young Adults',
    });
    expect(saved.statusCode).toBe(200);
    const written = await account.client.post('/api/generate-script', { user_id: account.userId, prompt: 'Our new weekend opening hours start this Saturday.' });
    const { script, video_id } = generateScriptResponse.parse(written.json());
    expect(script).toContain('Crumb Corner');
    expect(script).toContain('sourdough loaves');
    const scenes = scenesResponse.parse((await account.client.post('/api/generate-and-store-scenes', { user_id: account.userId, video_id })).json());
    expect(scenes.scene6).toContain('Crumb Corner');
  });
});
