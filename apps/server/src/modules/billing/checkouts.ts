import { randomUUID } from 'node:crypto';
import { billingMessages } from '@reelsmith/contracts';
import type { BillingRepository, CheckoutRecord, CheckoutRequest } from '../../db/repositories/billing.ts';
import { UserFacingError } from '../../errors.ts';
import type { PaymentProvider, ProviderSubscription } from '../../providers/payments/types.ts';

/** Checkouts a newer purchase replaced; none is the user's purchase any more, and nothing in this state is payable. */
export const supersededStatuses: ReadonlySet<string> = new Set(['superseding', 'superseded', 'replaced']);

const endedStatuses: ReadonlySet<string> = new Set(['cancelled', 'completed', 'expired']);

/** Longer than the provider calls of one purchase can take (each times out after 15 s). */
const abandonedAfterMs = 2 * 60_000;

export interface OpenedCheckout {
  providerRef: string;
  status: string;
  shortUrl: string;
}

/** Not yet charged: a subscription whose mandate is still to be given (created), or given with no charge yet. */
const awaitingPayment = (sub: ProviderSubscription) => sub.status === 'created' || (sub.status === 'authenticated' && !sub.currentStart);

/**
 * Opening a purchase, so that a user has at most one payable checkout at any moment. The database decides between
 * concurrent purchases (billing repository, reserveCheckout): the first reserves the user's open checkout, a second
 * is refused until the first is made. Before the new checkout is made at the provider, the ones it replaces are closed
 * there, so that only the new one can be paid; if one cannot be closed, no new one is made.
 */
export function createCheckouts(deps: { provider: PaymentProvider; billing: BillingRepository; log: { error(message: string): void } }) {
  const { provider, billing } = deps;

  /**
   * Closes a replaced checkout at the provider: 'superseded' when the provider confirms it was never paid (so no
   * charge can come through it), 'replaced' when it had been paid already (its payment is given back when it arrives).
   */
  async function close(checkout: Pick<CheckoutRecord, 'kind' | 'providerRef'>): Promise<'superseded' | 'replaced'> {
    if (checkout.kind === 'trial') {
      try {
        await provider.cancelPaymentLink(checkout.providerRef);
        return 'superseded';
      } catch (error) {
        // A paid, expired or cancelled link cannot be cancelled; only one still open is a failure.
        const link = await provider.fetchPaymentLink(checkout.providerRef);
        if (link.status === 'created') throw error;
        return link.status === 'paid' ? 'replaced' : 'superseded';
      }
    }
    const sub = await provider.fetchSubscription(checkout.providerRef);
    if (!awaitingPayment(sub)) return sub.currentStart ? 'replaced' : 'superseded';
    try {
      // Razorpay answers the subscription as it ended: a charge that beat the cancellation shows as a period.
      return (await provider.cancelSubscriptionNow(sub.id)).currentStart ? 'replaced' : 'superseded';
    } catch (error) {
      // A charge arriving meanwhile retires a replaced checkout itself (payment arrivals end it at the provider).
      const now = await provider.fetchSubscription(sub.id);
      if (!endedStatuses.has(now.status)) throw error;
      return now.currentStart ? 'replaced' : 'superseded';
    }
  }

  return {
    /** Replaces the user's unpaid checkouts with a new one, which `make` creates at the provider. */
    async open(request: Omit<CheckoutRequest, 'id'>, failure: string, make: () => Promise<OpenedCheckout>): Promise<OpenedCheckout> {
      const id = randomUUID();
      const toClose = await billing.reserveCheckout({ ...request, id }, abandonedAfterMs);
      if (!toClose) throw new UserFacingError(409, billingMessages.checkoutInProgress);
      let opened: OpenedCheckout;
      try {
        for (const checkout of toClose) await billing.settleSuperseded(checkout.id, await close(checkout));
        opened = await make();
      } catch (error) {
        // Whatever could not be closed stays 'superseding': the user's next purchase tries again.
        await billing.releaseCheckout(id);
        deps.log.error(`opening a ${request.kind} checkout failed: ${(error as Error).message}`);
        throw new UserFacingError(502, failure);
      }
      if (!(await billing.completeCheckout(id, opened))) {
        // Slower than abandonedAfterMs: another purchase took the place meanwhile, so this one must not stay payable.
        await close({ kind: request.kind, providerRef: opened.providerRef }).catch((error: Error) => deps.log.error(`closing ${opened.providerRef} failed: ${error.message}`));
        throw new UserFacingError(502, failure);
      }
      return opened;
    },
  };
}

export type Checkouts = ReturnType<typeof createCheckouts>;
