import { billingMessages } from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';
import type { BillingRepository, CheckoutRecord } from '../../db/repositories/billing.ts';
import type { PaymentProvider, ProviderSubscription } from '../../providers/payments/types.ts';
import { createCheckouts } from './checkouts.ts';

const growth: ProviderSubscription = { id: 'sub_growth', status: 'created', shortUrl: 'https://pay/sub_growth', planId: 'growth', currentStart: null, currentEnd: null, hasScheduledChanges: false };
const opened = { providerRef: 'sub_starter', status: 'created', shortUrl: 'https://pay/sub_starter' };

/** The user's growth checkout is open; a purchase of starter replaces it while the provider answers as `answers` say. */
function replacing(answers: { cancel(): Promise<ProviderSubscription>; afterCancel: ProviderSubscription }) {
  const settled: Array<[string, string]> = [];
  let fetches = 0;
  const provider = {
    fetchSubscription: async () => (fetches++ === 0 ? growth : answers.afterCancel),
    cancelSubscriptionNow: answers.cancel,
  } as unknown as PaymentProvider;
  const billing = {
    reserveCheckout: async () => [{ id: 'checkout-growth', kind: 'subscription', providerRef: growth.id } as CheckoutRecord],
    settleSuperseded: async (id: string, status: string) => void settled.push([id, status]),
    releaseCheckout: async () => undefined,
    completeCheckout: async () => true,
  } as unknown as BillingRepository;
  const checkouts = createCheckouts({ provider, billing, log: { error: () => undefined } });
  const open = () => checkouts.open({ userId: 'u1', kind: 'subscription', planId: 'starter', gstInvoice: 'No' }, billingMessages.failedToInitiatePayment, async () => opened);
  return { open, settled };
}

describe('replacing an unpaid subscription checkout', () => {
  it('goes on when a charge landed and its arrival ended the old one before the cancel reached the provider', async () => {
    const { open, settled } = replacing({
      cancel: () => Promise.reject(new Error('subscription sub_growth is already cancelled')),
      afterCancel: { ...growth, status: 'cancelled', currentStart: new Date('2026-11-01') },
    });
    expect(await open()).toEqual(opened);
    expect(settled).toEqual([['checkout-growth', 'replaced']]);
  });

  it('refuses the new checkout when the old one is still payable after a failed cancel', async () => {
    const { open, settled } = replacing({ cancel: () => Promise.reject(new Error('provider down')), afterCancel: growth });
    await expect(open()).rejects.toMatchObject({ statusCode: 502, message: billingMessages.failedToInitiatePayment });
    expect(settled).toEqual([]);
  });
});
