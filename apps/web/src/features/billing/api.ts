import { billingEndpoints, billingMessages, dashboardEndpoints, type AnyEndpoint, type EndpointResponse, type PurchasablePlanId } from '@reelsmith/contracts';
import { attempt, call, type CallInput, type FailureTexts } from '../../lib/client.ts';

const callWithoutParams = call as <E extends AnyEndpoint>(endpoint: E, input: CallInput<E>) => Promise<EndpointResponse<E>>;

/** A failure reads as the server's own words, else the call's texts. */
const post = <E extends AnyEndpoint>(endpoint: E, body: CallInput<E>, texts: FailureTexts) => attempt(callWithoutParams(endpoint, body), texts);

const somethingWentWrong = { fallback: billingMessages.somethingWentWrong };

export const fetchSubscription = (email: string) => post(dashboardEndpoints.subscription, { email }, somethingWentWrong);

export const fetchInvoices = (email: string) => post(billingEndpoints.invoices, { email }, somethingWentWrong);

export const createSubscription = (email: string, planId: 'starter' | 'growth' | 'pro', gst: 'Yes' | 'No') =>
  post(billingEndpoints.createSubscription, { email, plan_id: planId, gst_invoice: gst }, {
    fallback: billingMessages.failedToInitiateSubscription,
    unreachable: billingMessages.failedToStartSubscription,
  });

export const checkSubscriptionStatus = (subscriptionId: string) => post(billingEndpoints.checkSubscriptionStatus, { subscription_id: subscriptionId }, somethingWentWrong);

export const createTrialPayment = (email: string, gst: 'Yes' | 'No') =>
  post(billingEndpoints.createPayment, { email, gst_invoice: gst }, { fallback: billingMessages.failedToInitiatePayment, unreachable: billingMessages.somethingWentWrong });

export const verifyPayment = (email: string, paymentLinkId: string) =>
  post(billingEndpoints.verifyPayment, { email, payment_link_id: paymentLinkId }, {
    fallback: billingMessages.paymentVerificationFailed,
    unreachable: billingMessages.verifyingWentWrong,
  });

/** Any failure to cancel reads the same, whatever the server said. */
export const cancelSubscription = (email: string) => post(billingEndpoints.cancelSubscription, { email }, { fallback: billingMessages.cancelFailed, words: false });

export const changePlan = (email: string, planId: PurchasablePlanId, fromPlanId: PurchasablePlanId) =>
  post(billingEndpoints.changePlan, { email, plan_id: planId, from_plan_id: fromPlanId }, { fallback: billingMessages.changeFailed, unreachable: billingMessages.somethingWentWrong });

export const cancelPlanChange = (email: string) => post(billingEndpoints.cancelPlanChange, { email }, { fallback: billingMessages.changeFailed, unreachable: billingMessages.somethingWentWrong });
