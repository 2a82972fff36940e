import { describe, expect, it } from 'vitest';
import { startFakeRazorpay } from '../../../test/fake-razorpay.ts';
import { contractWebhookSecret as webhookSecret, describePaymentContract } from './contract.ts';
import { createRazorpayProvider } from './razorpay.ts';

describePaymentContract('razorpay (local fake)', async () => {
  const fake = await startFakeRazorpay({ keyId: 'rzp_test_key', keySecret: 'secret', webhookSecret, planAmounts: { plan_S1: 2000, plan_G1: 3900, plan_P1: 7500 } });
  const provider = createRazorpayProvider({
    keyId: 'rzp_test_key',
    keySecret: 'secret',
    webhookSecret,
    baseUrl: fake.baseUrl,
    planIds: { starter: 'plan_S1', growth: 'plan_G1', pro: 'plan_P1' },
  });
  return { provider, paySubscription: async (id) => fake.activate(id), payLink: async (id) => fake.payLink(id), chargeUpdate: async (id) => fake.chargeUpdate(id), close: fake.close };
});

describe('razorpay adapter against its fake server', () => {
  it('turns server errors and bad credentials into provider errors', async () => {
    const fake = await startFakeRazorpay({ keyId: 'k', keySecret: 's', webhookSecret });
    try {
      const provider = createRazorpayProvider({ keyId: 'k', keySecret: 's', webhookSecret, baseUrl: fake.baseUrl, planIds: { growth: 'plan_G' } });
      fake.failNextRequest(500);
      await expect(provider.createSubscription({ planId: 'growth', customerEmail: 'x@example.com', notes: {} })).rejects.toThrow(/answered 500/);
      const wrongKey = createRazorpayProvider({ keyId: 'k', keySecret: 'wrong', webhookSecret, baseUrl: fake.baseUrl, planIds: { growth: 'plan_G' } });
      await expect(wrongKey.createSubscription({ planId: 'growth', customerEmail: 'x@example.com', notes: {} })).rejects.toThrow(/answered 401/);
      await expect(provider.createSubscription({ planId: 'pro', customerEmail: 'x@example.com', notes: {} })).rejects.toThrow(/no Razorpay plan/);
      fake.failNextRequest(502);
      await expect(provider.updateSubscription('sub_x', { planId: 'growth', scheduleChangeAt: 'now' })).rejects.toThrow(/answered 502/);
    } finally {
      await fake.close();
    }
  });
});

describe('razorpay subscription updates', () => {
  it("sends Razorpay's PATCH body and refuses what Razorpay refuses", async () => {
    const fake = await startFakeRazorpay({ keyId: 'k', keySecret: 's', webhookSecret, planAmounts: { plan_G: 3900, plan_P: 7500, plan_P2: 3920 } });
    try {
      const provider = createRazorpayProvider({ keyId: 'k', keySecret: 's', webhookSecret, baseUrl: fake.baseUrl, planIds: { growth: 'plan_G', pro: 'plan_P', near: 'plan_P2' } });
      const sub = await provider.createSubscription({ planId: 'growth', customerEmail: 'u@example.com', notes: {} });
      await expect(provider.updateSubscription(sub.id, { planId: 'pro', scheduleChangeAt: 'now' })).rejects.toThrow(/answered 400.*created status/);
      fake.activate(sub.id);
      // Razorpay refuses an immediate change whose prorated difference is under $0.50.
      await expect(provider.updateSubscription(sub.id, { planId: 'near', scheduleChangeAt: 'now' })).rejects.toThrow(/less than the minimum/);
      await provider.updateSubscription(sub.id, { planId: 'pro', scheduleChangeAt: 'now' });
      expect(fake.updates().at(-1)).toEqual({ id: sub.id, body: { plan_id: 'plan_P', schedule_change_at: 'now', customer_notify: 1 } });
      // Not updated until the difference is charged; a failed charge leaves it as it was, and names its invoice.
      expect(fake.subscription(sub.id)).toMatchObject({ plan_id: 'plan_G', status: 'active' });
      const failed = provider.parseWebhook(fake.failUpdateCharge(sub.id).rawBody, 'evt_failed');
      expect(failed).toMatchObject({ type: 'payment.failed', invoiceId: expect.stringMatching(/^inv_/) });
      if (failed.type === 'payment.failed') expect(await provider.subscriptionOfInvoice(failed.invoiceId!)).toBe(sub.id);
      expect(fake.subscription(sub.id)).toMatchObject({ plan_id: 'plan_G' });
      await provider.updateSubscription(sub.id, { planId: 'pro', scheduleChangeAt: 'now' });
      fake.chargeUpdate(sub.id);
      expect(fake.subscription(sub.id)).toMatchObject({ plan_id: 'plan_P', status: 'active' });
    } finally {
      await fake.close();
    }
  });
});
