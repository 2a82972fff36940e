import {
  checkSubscriptionStatusResponse,
  createPaymentResponse,
  createSubscriptionResponse,
  invoicesResponse,
  subscriptionResponse,
  verifyPaymentResponse,
  cancelSubscriptionResponse,
  type InvoiceItem,
  type SubscriptionResponse,
} from '@reelsmith/contracts';
import { apiPost, readBody, type ApiResult } from '../../lib/api.ts';

/** A call that failed with the server's own words, shown as they are. */
export class ServerMessageError extends Error {}

function errorText(result: ApiResult): string | undefined {
  const body = result.body as { error?: unknown } | null;
  return typeof body?.error === 'string' ? body.error : undefined;
}

async function post<T>(path: string, body: unknown, schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, fallback: string): Promise<T> {
  const result = await apiPost(path, body);
  const parsed = result.ok ? readBody(schema, result.body) : null;
  if (!parsed) throw new ServerMessageError(errorText(result) ?? fallback);
  return parsed;
}

export const fetchSubscription = (email: string): Promise<SubscriptionResponse> =>
  post('/api/subscription', { email }, subscriptionResponse, 'Something went wrong.');

export const fetchInvoices = (email: string): Promise<InvoiceItem[]> => post('/api/invoices', { email }, invoicesResponse, 'Something went wrong.');

export const createSubscription = (email: string, planId: 'starter' | 'growth' | 'pro', gst: 'Yes' | 'No', fallback: string) =>
  post('/api/create-subscription', { email, plan_id: planId, gst_invoice: gst }, createSubscriptionResponse, fallback);

export const checkSubscriptionStatus = (subscriptionId: string) =>
  post('/api/check-subscription-status', { subscription_id: subscriptionId }, checkSubscriptionStatusResponse, 'Something went wrong.');

export const createTrialPayment = (email: string, gst: 'Yes' | 'No', fallback: string) =>
  post('/api/create-payment', { email, gst_invoice: gst }, createPaymentResponse, fallback);

export const verifyPayment = (email: string, paymentLinkId: string, fallback: string) =>
  post('/api/verify-payment', { email, payment_link_id: paymentLinkId }, verifyPaymentResponse, fallback);

export const cancelSubscription = (email: string, fallback: string) => post('/api/cancel-subscription', { email }, cancelSubscriptionResponse, fallback);
