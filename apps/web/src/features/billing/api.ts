import { billingEndpoints, dashboardEndpoints, type AnyEndpoint, type EndpointResponse } from '@reelsmith/contracts';
import { ApiError, call, type CallInput } from '../../lib/client.ts';

/** A call that failed with the server's own words (or the page's fallback when it gave none), shown as they are. */
export class ServerMessageError extends Error {}

const callWithoutParams = call as <E extends AnyEndpoint>(endpoint: E, input: CallInput<E>, options: { fallback: string }) => Promise<EndpointResponse<E>>;

/** No answer at all stays an ApiError (the page says the network failed); any answer becomes a ServerMessageError. */
async function post<E extends AnyEndpoint>(endpoint: E, body: CallInput<E>, fallback: string): Promise<EndpointResponse<E>> {
  try {
    return await callWithoutParams(endpoint, body, { fallback });
  } catch (error) {
    if (error instanceof ApiError && !error.unreachable) throw new ServerMessageError(error.message);
    throw error;
  }
}

export const fetchSubscription = (email: string) => post(dashboardEndpoints.subscription, { email }, 'Something went wrong.');

export const fetchInvoices = (email: string) => post(billingEndpoints.invoices, { email }, 'Something went wrong.');

export const createSubscription = (email: string, planId: 'starter' | 'growth' | 'pro', gst: 'Yes' | 'No', fallback: string) =>
  post(billingEndpoints.createSubscription, { email, plan_id: planId, gst_invoice: gst }, fallback);

export const checkSubscriptionStatus = (subscriptionId: string) =>
  post(billingEndpoints.checkSubscriptionStatus, { subscription_id: subscriptionId }, 'Something went wrong.');

export const createTrialPayment = (email: string, gst: 'Yes' | 'No', fallback: string) => post(billingEndpoints.createPayment, { email, gst_invoice: gst }, fallback);

export const verifyPayment = (email: string, paymentLinkId: string, fallback: string) =>
  post(billingEndpoints.verifyPayment, { email, payment_link_id: paymentLinkId }, fallback);

export const cancelSubscription = (email: string, fallback: string) => post(billingEndpoints.cancelSubscription, { email }, fallback);
