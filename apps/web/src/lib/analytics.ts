import { accountEndpoints } from '@reelsmith/contracts';
import { call } from './client.ts';

/** Fire and forget: a lost page view must never disturb the user, so failures are dropped silently. */
export function trackPageView(path: string): void {
  call(accountEndpoints.pageView, { path, referrer: document.referrer || undefined }, { keepalive: true }).catch(() => undefined);
}
