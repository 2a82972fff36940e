import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from './signature.ts';
import { PaymentProviderError, type PaymentProvider } from './types.ts';

/** A webhook as the provider sent it, signed with `contractWebhookSecret`. */
export interface SignedEvent {
  rawBody: string;
  signature: string;
  eventId: string;
}

/** One payment provider as the contract drives it, with a payer who completes its checkouts. */
export interface PaymentSubject {
  provider: PaymentProvider;
  /** The payer completes the checkout; answers the webhook the provider sends for it. */
  paySubscription(id: string): Promise<SignedEvent>;
  payLink(id: string): Promise<SignedEvent>;
  /** The provider takes an immediate update's prorated charge, when it does so after answering the update. */
  chargeUpdate?(id: string): Promise<SignedEvent>;
  close(): Promise<void>;
}

/** The secret each adapter's setup signs its webhooks with: the contract checks signatures against it. */
export const contractWebhookSecret = 'whsec_contract';

/** What every payment provider promises billing; each adapter's test file runs it. */
export function describePaymentContract(name: string, setup: () => Promise<PaymentSubject>) {
  describe(`payment provider contract: ${name}`, () => {
    let subject: PaymentSubject;
    beforeAll(async () => {
      subject = await setup();
    });
    afterAll(() => subject.close());

    it('creates a subscription with a checkout URL and reads it back', async () => {
      const created = await subject.provider.createSubscription({ planId: 'growth', customerEmail: 'a@example.com', notes: { user_id: 'u1' } });
      expect(created).toMatchObject({ status: 'created', planId: 'growth' });
      expect(created.shortUrl).toMatch(/^https?:\/\//);
      expect(await subject.provider.fetchSubscription(created.id)).toEqual(created);
    });

    it('activates after payment and sends a signed charged event that parses', async () => {
      const created = await subject.provider.createSubscription({ planId: 'growth', customerEmail: 'b@example.com', notes: {} });
      const webhook = await subject.paySubscription(created.id);
      const fetched = await subject.provider.fetchSubscription(created.id);
      expect(fetched.status).toBe('active');
      expect(fetched.currentEnd!.getTime()).toBeGreaterThan(fetched.currentStart!.getTime());
      expect(subject.provider.verifyWebhook(webhook.rawBody, webhook.signature)).toBe(true);
      const event = subject.provider.parseWebhook(webhook.rawBody, webhook.eventId);
      expect(event).toMatchObject({ type: 'subscription.charged', subscription: { id: created.id, planId: 'growth', status: 'active' } });
      expect(await subject.provider.cancelSubscription(created.id)).toMatchObject({ id: created.id });
    });

    it('moves an active subscription to another plan at the end of the cycle, drops that change, and upgrades it now', async () => {
      const created = await subject.provider.createSubscription({ planId: 'growth', customerEmail: 'g@example.com', notes: {} });
      await subject.paySubscription(created.id);
      const paid = await subject.provider.fetchSubscription(created.id);
      const scheduled = await subject.provider.updateSubscription(created.id, { planId: 'starter', scheduleChangeAt: 'cycle_end' });
      expect(scheduled).toMatchObject({ subscription: { planId: 'growth', status: 'active', hasScheduledChanges: true }, charge: null });
      expect(await subject.provider.fetchScheduledChange(created.id)).toEqual({ planId: 'starter', at: paid.currentEnd });
      expect(await subject.provider.cancelScheduledChange(created.id)).toMatchObject({ planId: 'growth', hasScheduledChanges: false });
      expect(await subject.provider.fetchScheduledChange(created.id)).toBeNull();
      await expect(subject.provider.cancelScheduledChange(created.id)).rejects.toBeInstanceOf(PaymentProviderError);

      const upgraded = await subject.provider.updateSubscription(created.id, { planId: 'pro', scheduleChangeAt: 'now' });
      if (upgraded.charge) {
        expect(upgraded.charge.amountCents).toBeGreaterThan(3500);
        expect(upgraded.subscription).toMatchObject({ planId: 'pro', status: 'active', currentStart: paid.currentStart, currentEnd: paid.currentEnd });
      } else {
        // Charged after the answer: the webhook confirms the charge, with the captured payment of the difference.
        const webhook = await subject.chargeUpdate!(created.id);
        expect(subject.provider.verifyWebhook(webhook.rawBody, webhook.signature)).toBe(true);
        const event = subject.provider.parseWebhook(webhook.rawBody, webhook.eventId);
        expect(event).toMatchObject({ type: 'subscription.updated', subscription: { id: created.id, planId: 'pro' }, payment: { amountCents: expect.any(Number) } });
        if (event.type === 'subscription.updated') expect(event.payment!.amountCents).toBeGreaterThan(3500);
      }
      expect(await subject.provider.fetchSubscription(created.id)).toMatchObject({ planId: 'pro', hasScheduledChanges: false, currentStart: paid.currentStart, currentEnd: paid.currentEnd });
    });

    it('updates only authenticated or active subscriptions', async () => {
      const created = await subject.provider.createSubscription({ planId: 'growth', customerEmail: 'h@example.com', notes: {} });
      await expect(subject.provider.updateSubscription(created.id, { planId: 'pro', scheduleChangeAt: 'now' })).rejects.toBeInstanceOf(PaymentProviderError);
      await subject.provider.cancelSubscriptionNow(created.id);
      await expect(subject.provider.updateSubscription(created.id, { planId: 'starter', scheduleChangeAt: 'cycle_end' })).rejects.toBeInstanceOf(PaymentProviderError);
      expect(await subject.provider.fetchSubscription(created.id)).toMatchObject({ planId: 'growth', status: 'cancelled', hasScheduledChanges: false });
    });

    it('takes a one-time payment through a payment link', async () => {
      const link = await subject.provider.createPaymentLink({
        amountCents: 3500,
        currency: 'USD',
        description: 'Trial Pack',
        customerEmail: 'c@example.com',
        callbackUrl: 'http://localhost:8080/Subscriptions',
        notes: {},
      });
      expect(link).toMatchObject({ status: 'created', amountCents: 3500, paymentId: null });
      const webhook = await subject.payLink(link.id);
      expect(await subject.provider.fetchPaymentLink(link.id)).toMatchObject({ status: 'paid', paymentId: expect.stringMatching(/^pay_/) });
      expect(subject.provider.parseWebhook(webhook.rawBody, webhook.eventId)).toMatchObject({ type: 'payment_link.paid', paymentLink: { id: link.id } });
    });

    it('cancels an unpaid subscription at once', async () => {
      const created = await subject.provider.createSubscription({ planId: 'pro', customerEmail: 'd@example.com', notes: {} });
      expect(await subject.provider.cancelSubscriptionNow(created.id)).toMatchObject({ id: created.id, status: 'cancelled' });
      expect(await subject.provider.fetchSubscription(created.id)).toMatchObject({ status: 'cancelled' });
    });

    it('cancels an unpaid payment link, and not a paid one', async () => {
      const input = { amountCents: 3500, currency: 'USD', description: 'Trial Pack', customerEmail: 'e@example.com', callbackUrl: 'http://localhost:8080/Subscriptions', notes: {} };
      const unpaid = await subject.provider.createPaymentLink(input);
      expect(await subject.provider.cancelPaymentLink(unpaid.id)).toMatchObject({ id: unpaid.id, status: 'cancelled' });
      const paid = await subject.provider.createPaymentLink(input);
      await subject.payLink(paid.id);
      await expect(subject.provider.cancelPaymentLink(paid.id)).rejects.toBeInstanceOf(PaymentProviderError);
    });

    it('refunds a payment once, and refuses one it never took', async () => {
      const link = await subject.provider.createPaymentLink({ amountCents: 3500, currency: 'USD', description: 'Trial Pack', customerEmail: 'f@example.com', callbackUrl: 'http://localhost:8080/Subscriptions', notes: {} });
      const webhook = await subject.payLink(link.id);
      const event = subject.provider.parseWebhook(webhook.rawBody, webhook.eventId);
      if (event.type !== 'payment_link.paid') throw new Error(`expected a paid link, got ${event.type}`);
      expect(event.createdAt).toBeInstanceOf(Date);
      expect(await subject.provider.refundPayment(event.payment)).toMatchObject({ id: expect.stringMatching(/^rfnd_/), paymentId: event.payment.id, amountCents: 3500 });
      await expect(subject.provider.refundPayment(event.payment)).rejects.toBeInstanceOf(PaymentProviderError);
      await expect(subject.provider.refundPayment({ id: 'pay_0000000000', amountCents: 100, currency: 'USD' })).rejects.toBeInstanceOf(PaymentProviderError);
    });

    it('refuses a webhook whose body or signature was changed', async () => {
      const body = JSON.stringify({ event: 'subscription.charged', payload: {} });
      const good = signWebhook(body, contractWebhookSecret);
      expect(subject.provider.verifyWebhook(body, good)).toBe(true);
      expect(subject.provider.verifyWebhook(`${body} `, good)).toBe(false);
      expect(subject.provider.verifyWebhook(body, signWebhook(body, 'other'))).toBe(false);
      expect(subject.provider.verifyWebhook(body, undefined)).toBe(false);
      expect(subject.provider.verifyWebhook(body, 'zz')).toBe(false);
    });

    it('says so when asked for something that does not exist', async () => {
      await expect(subject.provider.fetchSubscription('sub_0000000000')).rejects.toBeInstanceOf(PaymentProviderError);
    });
  });
}
