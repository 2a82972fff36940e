import { proratedUpgrade } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { advanceDays, changePlan, subscriber, subscriptionOf } from './billing-helpers.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();
const dayMs = 86_400_000;

describe.each(targets)('what an upgrade adds on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  it('with a tenth of the period left, an upgrade adds a tenth of the extra credits, and the renewal brings the full plan', async () => {
    const { client, email, userId } = await subscriber(t, 'upgrade-late@example.com', 'growth');
    for (let i = 0; i < 28; i += 1) await t.composed.quotas.consume(userId, 'videos');
    for (let i = 0; i < 9; i += 1) await t.composed.quotas.consume(userId, 'aiVideos');
    const { periodStart, periodEnd } = (await t.composed.repositories.subscriptions.find(userId))!;
    const length = periodEnd.getTime() - periodStart.getTime();
    // To 10 % of the period left, less a minute for the requests' own time (still rounding to a tenth).
    await advanceDays(client, (0.9 * length - 60_000) / dayMs);
    const fractionLeft = proratedUpgrade(3900, 7500, { start: periodStart, end: periodEnd }, t.composed.testGateway!.now()).fractionLeft;
    expect(fractionLeft).toBeCloseTo(0.1, 3);

    expect((await changePlan(client, email, 'pro')).statusCode).toBe(200);
    // Pro has 30 videos and 10 AI videos more than Growth: a tenth of them is 3 and 1.
    expect(await subscriptionOf(client, email)).toMatchObject({
      plan_name: 'Pro Plan',
      videos_used: 28,
      videos_allowed: 33,
      ai_videos_used: 9,
      ai_videos_allowed: 11,
      ideas_allowed: 110,
    });

    await advanceDays(client, (0.1 * length) / dayMs + 1);
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Pro Plan', videos_used: 0, videos_allowed: 60, ai_videos_used: 0, ai_videos_allowed: 20 });
  });

  it('an upgrade right after a purchase adds the whole difference: never more than the new plan', async () => {
    const { client, email } = await subscriber(t, 'upgrade-early@example.com', 'starter');
    expect((await changePlan(client, email, 'pro')).statusCode).toBe(200);
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Pro Plan', videos_allowed: 60, ai_videos_allowed: 20, ideas_allowed: 200 });
  });
});
