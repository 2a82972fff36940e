import { invoicesResponse, subscriptionResponse, timing } from '@reelsmith/contracts';
import { useQuery } from '@tanstack/react-query';
import { readCache, writeCache } from '../../lib/cache.ts';
import { fetchInvoices, fetchSubscription } from './api.ts';

/**
 * The same cache entries the dashboard writes (SPEC §3): shown at once, then refreshed. While an upgrade waits for
 * its payment, it is read again at the subscription poll's pace, so the page shows the new plan once it is confirmed.
 */
export function useSubscriptionQuery(email: string) {
  return useQuery({
    queryKey: ['subscription', email],
    queryFn: async () => {
      const subscription = await fetchSubscription(email);
      writeCache(email, 'subscription', subscription);
      return subscription;
    },
    initialData: () => readCache(email, 'subscription', subscriptionResponse)?.value,
    initialDataUpdatedAt: () => readCache(email, 'subscription', subscriptionResponse)?.savedAt,
    refetchInterval: (query) => (query.state.data?.pending_upgrade ? timing.subscriptionPollMs : false),
  });
}

export function useInvoicesQuery(email: string) {
  return useQuery({
    queryKey: ['invoices', email],
    queryFn: async () => {
      const invoices = await fetchInvoices(email);
      writeCache(email, 'invoices', invoices);
      return invoices;
    },
    initialData: () => readCache(email, 'invoices', invoicesResponse)?.value,
    initialDataUpdatedAt: () => readCache(email, 'invoices', invoicesResponse)?.savedAt,
  });
}
