import { billingMessages } from '@reelsmith/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { invoicesOf, subscriber, subscriptionOf } from './billing-helpers.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();

/** Resolves once `count` callers are waiting, then lets them all go at once. */
function barrier(count: number) {
  let waiting = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return async () => {
    waiting += 1;
    if (waiting === count) open();
    await opened;
  };
}

describe.each(targets)('plan change races on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  /** Holds every request at its claim until `release` resolves: the check has passed, the claim is still to come. */
  function holdClaims(release: () => Promise<void>) {
    const repository = t.composed.repositories.subscriptions;
    const claim = repository.claimChange.bind(repository);
    vi.spyOn(repository, 'claimChange').mockImplementation(async (...args) => {
      await release();
      return claim(...args);
    });
  }

  it('two tabs both pass the check and claim at once: one change is made, the other is told another is being made', async () => {
    const { client, email, userId, subscriptionId } = await subscriber(t, 'claim-race@example.com', 'starter');
    holdClaims(barrier(2));
    const ask = (planId: string) => client.post('/api/change-plan', { email, plan_id: planId, from_plan_id: 'starter' });
    const answers = await Promise.all([ask('pro'), ask('growth')]);

    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ error: billingMessages.changeInProgress });
    const made = answers.find((a) => a.statusCode === 200)!.json();
    const planName = (await subscriptionOf(client, email)).plan_name;
    expect(made.message).toContain(planName);
    expect(await t.composed.testGateway!.paymentsFor([subscriptionId])).toHaveLength(2);
    expect(await invoicesOf(client, email)).toHaveLength(3);
    expect((await t.composed.repositories.subscriptions.find(userId))!).toMatchObject({ changeClaim: null, scheduledPlanId: null });
  });

  it('a change made by another tab between the check and the claim: the later request is refused as out of date', async () => {
    const { client, email, userId } = await subscriber(t, 'claim-late@example.com', 'starter');
    let letGo: () => void = () => undefined;
    const otherTabDone = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const held = vi.fn(() => otherTabDone);
    holdClaims(held);
    const late = client.post('/api/change-plan', { email, plan_id: 'growth', from_plan_id: 'starter' });
    await vi.waitFor(() => expect(held).toHaveBeenCalledTimes(1));
    // The other tab's change goes straight through while the first request waits at its claim.
    vi.restoreAllMocks();
    const first = await client.post('/api/change-plan', { email, plan_id: 'pro', from_plan_id: 'starter' });
    expect(first.statusCode).toBe(200);
    const after = await t.composed.repositories.subscriptions.find(userId);
    letGo();

    const refused = await late;
    expect([refused.statusCode, refused.json()]).toEqual([409, { error: billingMessages.planChangedMeanwhile }]);
    expect(await t.composed.repositories.subscriptions.find(userId)).toEqual(after);
    expect(await subscriptionOf(client, email)).toMatchObject({ plan_name: 'Pro Plan', videos_allowed: expect.any(Number) });
  });

  it('a subscription cancelled between the check and the claim is not changed', async () => {
    const { client, email, userId, subscriptionId } = await subscriber(t, 'claim-cancelled@example.com', 'starter');
    let letGo: () => void = () => undefined;
    const cancelled = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const held = vi.fn(() => cancelled);
    holdClaims(held);
    const late = client.post('/api/change-plan', { email, plan_id: 'pro', from_plan_id: 'starter' });
    await vi.waitFor(() => expect(held).toHaveBeenCalledTimes(1));
    expect((await client.post('/api/cancel-subscription', { email })).statusCode).toBe(200);
    const after = await t.composed.repositories.subscriptions.find(userId);
    letGo();

    const refused = await late;
    expect([refused.statusCode, refused.json()]).toEqual([409, { error: billingMessages.changeWhileEnding }]);
    expect(await t.composed.repositories.subscriptions.find(userId)).toEqual(after);
    expect(await t.composed.testGateway!.paymentsFor([subscriptionId])).toHaveLength(1);
  });

  it('a change without the plan the page showed is refused as invalid', async () => {
    const { client, email } = await subscriber(t, 'claim-unshown@example.com', 'starter');
    const response = await client.post('/api/change-plan', { email, plan_id: 'pro' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(billingMessages.changeFailed);
    expect((await subscriptionOf(client, email)).plan_name).toBe('Starter Plan');
  });
});
