import type { PageViewBody } from '@reelsmith/contracts';
import { apiPost } from './api.ts';

/** Fire and forget: a lost page view must never disturb the user, so failures are dropped silently. */
export function trackPageView(path: string): void {
  const body: PageViewBody = { path, referrer: document.referrer || undefined };
  apiPost('/api/analytics/pageview', body, { keepalive: true }).catch(() => undefined);
}
