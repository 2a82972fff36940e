import { z } from 'zod';
import {
  billingMessages,
  cancelSubscriptionResponse,
  checkSubscriptionStatusRequest,
  checkSubscriptionStatusResponse,
  createPaymentRequest,
  createPaymentResponse,
  createSubscriptionRequest,
  createSubscriptionResponse,
  emailRequest,
  invoicesResponse,
  verifyPaymentRequest,
  verifyPaymentResponse,
} from '../billing.ts';
import { defineEndpoint } from '../endpoint.ts';

const tag = 'billing';
const byEmail = { email: 'email' };
const none = z.object({});
const checkoutPage = { response: z.string(), produces: 'text/html' } as const;
const clock = z.object({ now: z.string() });
/** A test checkout's id (`sub_…`, `plink_…`), checked before it is looked up or put into a page. */
const checkoutParams = z.object({ id: z.string().regex(/^[a-z]+_[0-9a-f]+$/) });

export const billingEndpoints = {
  createSubscription: defineEndpoint({
    method: 'POST',
    path: '/api/create-subscription',
    summary: 'SPEC §7 create-subscription: a checkout link for a monthly plan.',
    tag,
    access: 'session',
    body: 'json',
    request: createSubscriptionRequest,
    response: createSubscriptionResponse,
    namesUser: byEmail,
    badRequestMessage: billingMessages.failedToInitiateSubscription,
  }),
  checkSubscriptionStatus: defineEndpoint({
    method: 'POST',
    path: '/api/check-subscription-status',
    summary: 'SPEC §7 check-subscription-status, polled after checkout.',
    tag,
    access: 'session',
    body: 'json',
    request: checkSubscriptionStatusRequest,
    response: checkSubscriptionStatusResponse,
  }),
  createPayment: defineEndpoint({
    method: 'POST',
    path: '/api/create-payment',
    summary: 'SPEC §7 create-payment: a payment link for the trial pack.',
    tag,
    access: 'session',
    body: 'json',
    request: createPaymentRequest,
    response: createPaymentResponse,
    namesUser: byEmail,
    badRequestMessage: billingMessages.failedToInitiatePayment,
  }),
  verifyPayment: defineEndpoint({
    method: 'POST',
    path: '/api/verify-payment',
    summary: 'SPEC §7 verify-payment, polled after the trial checkout.',
    tag,
    access: 'session',
    body: 'json',
    request: verifyPaymentRequest,
    response: verifyPaymentResponse,
    namesUser: byEmail,
    badRequestMessage: billingMessages.paymentVerificationFailed,
  }),
  cancelSubscription: defineEndpoint({
    method: 'POST',
    path: '/api/cancel-subscription',
    summary: 'SPEC §7 cancel-subscription: ends the plan at the close of the paid month.',
    tag,
    access: 'session',
    body: 'json',
    request: emailRequest,
    response: cancelSubscriptionResponse,
    namesUser: byEmail,
    badRequestMessage: billingMessages.cancelFailed,
  }),
  invoices: defineEndpoint({
    method: 'POST',
    path: '/api/invoices',
    summary: 'SPEC §7 invoices: invoices and credit notes, newest first.',
    tag,
    access: 'session',
    body: 'json',
    request: emailRequest,
    response: invoicesResponse,
    namesUser: byEmail,
  }),
  invoicePdf: defineEndpoint({
    method: 'GET',
    path: '/api/invoices/:id/pdf',
    summary: 'One invoice or credit note as a PDF.',
    tag,
    access: 'session',
    body: 'none',
    request: none,
    response: z.unknown(),
    produces: 'application/pdf',
  }),
  webhook: defineEndpoint({
    method: 'POST',
    path: '/api/payments/webhook',
    summary: "The payment provider's webhook (Razorpay): checked by its signature over the raw body, applied in order.",
    tag,
    access: 'signature',
    body: 'raw',
    request: z.unknown(),
    response: z.object({ status: z.literal('ok') }),
  }),
} as const;

/** The built-in test gateway's hosted checkout and clock (only when Razorpay is not configured). */
export const gatewayEndpoints = {
  subscriptionCheckout: defineEndpoint({ method: 'GET', path: '/pay/subscriptions/:id', summary: 'Test checkout page of a subscription.', tag: 'test gateway', onlyWhen: 'the test gateway takes payments (RAZORPAY_* not set)', params: checkoutParams, access: 'public', body: 'json', request: z.object({ declined: z.string().optional() }), ...checkoutPage }),
  paySubscription: defineEndpoint({ method: 'POST', path: '/pay/subscriptions/:id/pay', summary: 'Pays a test subscription; back to its page.', tag: 'test gateway', onlyWhen: 'the test gateway takes payments (RAZORPAY_* not set)', params: checkoutParams, access: 'public', body: 'none', request: none, ...checkoutPage }),
  declineSubscription: defineEndpoint({ method: 'POST', path: '/pay/subscriptions/:id/decline', summary: 'Declines a test subscription payment.', tag: 'test gateway', onlyWhen: 'the test gateway takes payments (RAZORPAY_* not set)', params: checkoutParams, access: 'public', body: 'none', request: none, ...checkoutPage }),
  failNextRenewal: defineEndpoint({ method: 'POST', path: '/pay/subscriptions/:id/fail-next-renewal', summary: 'Makes the next renewal of a test subscription fail.', tag: 'test gateway', onlyWhen: 'the test gateway takes payments (RAZORPAY_* not set)', params: checkoutParams, access: 'operator', body: 'none', request: none, response: z.object({ status: z.literal('ok') }) }),
  linkCheckout: defineEndpoint({ method: 'GET', path: '/pay/links/:id', summary: 'Test checkout page of a payment link.', tag: 'test gateway', onlyWhen: 'the test gateway takes payments (RAZORPAY_* not set)', params: checkoutParams, access: 'public', body: 'json', request: z.object({ declined: z.string().optional() }), ...checkoutPage }),
  payLink: defineEndpoint({ method: 'POST', path: '/pay/links/:id/pay', summary: 'Pays a test payment link; on to its callback.', tag: 'test gateway', onlyWhen: 'the test gateway takes payments (RAZORPAY_* not set)', params: checkoutParams, access: 'public', body: 'none', request: none, ...checkoutPage }),
  declineLink: defineEndpoint({ method: 'POST', path: '/pay/links/:id/decline', summary: 'Declines a test payment link.', tag: 'test gateway', onlyWhen: 'the test gateway takes payments (RAZORPAY_* not set)', params: checkoutParams, access: 'public', body: 'none', request: none, ...checkoutPage }),
  clock: defineEndpoint({ method: 'GET', path: '/pay/test-clock', summary: "The test gateway's clock.", tag: 'test gateway', onlyWhen: 'the test gateway takes payments (RAZORPAY_* not set)', access: 'public', body: 'none', request: none, response: clock }),
  advanceClock: defineEndpoint({ method: 'POST', path: '/pay/test-clock/advance', summary: "Moves the test gateway's clock on, running renewals that fall due.", tag: 'test gateway', onlyWhen: 'the test gateway takes payments (RAZORPAY_* not set)', access: 'operator', body: 'json', request: z.object({ days: z.coerce.number().min(0).max(400) }), response: clock }),
} as const;
