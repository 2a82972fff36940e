import { billingChannel } from '@reelsmith/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

const message = 'plan-changed';

/** Tells the app's other tabs that the plan or its invoices changed (a payment landed, a plan was switched). */
export function announcePlanChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(billingChannel);
  channel.postMessage(message);
  channel.close();
}

/**
 * Refetches the plan and the invoices in this tab when another tab says they changed: a dashboard left open beside
 * the Subscriptions page shows the new plan as soon as the payment is confirmed there.
 */
export function usePlanChangesFromOtherTabs(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(billingChannel);
    channel.onmessage = (event: MessageEvent) => {
      if (event.data !== message) return;
      void queryClient.invalidateQueries({ queryKey: ['subscription'] });
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
    };
    return () => channel.close();
  }, [queryClient]);
}
