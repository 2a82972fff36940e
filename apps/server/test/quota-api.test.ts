import { quotaMessages } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();

const profile = (email: string) =>
  new URLSearchParams({
    user_email: email,
    business_name: 'Crumb Bakery',
    business_type: 'Bakery',
    goal: 'Drive Sales',
    tone: 'Professional',
    offerings: 'sourdough, croissants',
    target_audience: 'Parents',
  }).toString();

describe.each(targets)('credits under concurrent requests on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  it('lets exactly one of 20 parallel requests take the one remaining credit', async () => {
    const { client, email, password, userId } = await signUpAndConfirm(t.app, 'racer@example.com');
    await client.post('/api/auth/sign-in/email', { email, password });
    const record = await t.composed.quotas.current(userId);
    await t.composed.repositories.subscriptions.update(userId, { ideasGenerated: record.ideasAllowed - 1 });

    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const responses = await Promise.all(Array.from({ length: 20 }, () => client.request('POST', '/api/generate-ideas', profile(email), headers)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(19);
    for (const refused of responses.filter((r) => r.statusCode === 403)) expect(refused.json()).toEqual({ error: quotaMessages.ideas });

    const after = await t.composed.quotas.current(userId);
    expect(after.ideasGenerated).toBe(after.ideasAllowed);
    const history = (await client.get(`/api/user-ideas?email=${encodeURIComponent(email)}`)).json();
    expect(history.ideas).toHaveLength(5);
  });
});
