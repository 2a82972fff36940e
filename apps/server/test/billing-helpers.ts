import { createHmac } from 'node:crypto';
import { signWebhook } from '../src/providers/payments/signature.ts';
import { signUpAndConfirm } from './accounts.ts';
import type { TestApp, TestClient } from './app.ts';

/** The operator routes of the test gateway ask for this header once the operator token is configured. */
export const operator = { 'X-Operator-Token': 'test-operator-token' };

export async function customer(t: TestApp, email: string) {
  const account = await signUpAndConfirm(t.app, email);
  await account.client.post('/api/auth/sign-in/email', { email, password: account.password });
  return { client: account.client, email, userId: account.userId };
}

export const subscriptionOf = async (client: TestClient, email: string) => (await client.post('/api/subscription', { email })).json();
export const invoicesOf = async (client: TestClient, email: string) => (await client.post('/api/invoices', { email })).json();
export const advanceDays = (client: TestClient, days: number) => client.post('/pay/test-clock/advance', { days }, operator);
/** A customer who bought `planId` through the test gateway's hosted page. */
export async function subscriber(t: TestApp, email: string, planId: 'starter' | 'growth' | 'pro', gst: 'Yes' | 'No' = 'No') {
  const who = await customer(t, email);
  const { subscription_id } = (await who.client.post('/api/create-subscription', { plan_id: planId, gst_invoice: gst, email })).json();
  await who.client.post(`/pay/subscriptions/${subscription_id}/pay`, {});
  return { ...who, subscriptionId: subscription_id as string };
}

/** Asks for a plan change as the Subscriptions page does: from the plan the page shows now. */
export async function changePlan(client: TestClient, email: string, planId: string) {
  const shown = (await subscriptionOf(client, email)).plan_id as string;
  return client.post('/api/change-plan', { email, plan_id: planId, from_plan_id: shown });
}

export const linkIdOf = (shortUrl: string) => shortUrl.split('/').pop()!;

export async function liveAtGateway(t: TestApp, email: string) {
  const subscriptions = await t.composed.testGateway!.subscriptionsOf(email);
  return subscriptions.filter((s) => ['authenticated', 'active', 'pending'].includes(s.status)).map((s) => s.id);
}

/** Delivers a webhook as a provider (or its fake) signed it. */
export const deliverWebhook = (t: TestApp, webhook: { rawBody: string; signature: string; eventId: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: webhook.rawBody,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhook.signature, 'x-razorpay-event-id': webhook.eventId },
  });

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** Delivers a webhook body signed as the test gateway signs it: what the gateway could send late, again or out of order. */
export function deliverSigned(t: TestApp, body: Record<string, unknown>, eventId: string) {
  const rawBody = JSON.stringify({ entity: 'event', ...body });
  const secret = createHmac('sha256', t.config.authSecret).update('test gateway webhooks').digest('hex');
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: rawBody,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signWebhook(rawBody, secret), 'x-razorpay-event-id': eventId },
  });
}

/**
 * Delivers a subscription event the way the test gateway signs it, for replaying a late delivery: `period` is the
 * subscription's period the event was about (null: an event that names none) and `createdAt` when the gateway sent it.
 */
export async function deliverLateSubscriptionEvent(
  t: TestApp,
  event: { name: string; subscriptionId: string; planId: string; status: string; period: { start: Date; end: Date } | null; createdAt: Date },
  payment?: { id: string; amountCents: number },
) {
  const period = event.period ? { current_start: unix(event.period.start), current_end: unix(event.period.end) } : { current_start: null, current_end: null };
  return deliverSigned(
    t,
    {
      event: event.name,
      created_at: unix(event.createdAt),
      payload: {
        subscription: { entity: { id: event.subscriptionId, plan_id: `plan_${event.planId}`, status: event.status, ...period } },
        ...(payment ? { payment: { entity: { id: payment.id, amount: payment.amountCents, currency: 'USD' } } } : {}),
      },
    },
    `evt_late_${event.name}_${unix(event.createdAt)}${payment ? `_${payment.id}` : ''}`,
  );
}
