import { describe, expect, it } from 'vitest';
import { startFakeRazorpay } from '../../../test/fake-razorpay.ts';
import { contractWebhookSecret as webhookSecret, describePaymentContract } from './contract.ts';
import { createRazorpayProvider } from './razorpay.ts';

describePaymentContract('razorpay (local fake)', async () => {
  const fake = await startFakeRazorpay({ keyId: 'rzp_test_key', keySecret: 'secret', webhookSecret });
  const provider = createRazorpayProvider({
    keyId: 'rzp_test_key',
    keySecret: 'secret',
    webhookSecret,
    baseUrl: fake.baseUrl,
    planIds: { starter: 'plan_S1', growth: 'plan_G1', pro: 'plan_P1' },
  });
  return { provider, paySubscription: async (id) => fake.activate(id), payLink: async (id) => fake.payLink(id), close: fake.close };
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
    } finally {
      await fake.close();
    }
  });
});
