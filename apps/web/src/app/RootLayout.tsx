import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { trackPageView } from '../lib/analytics.ts';
import { useRouteHandle } from './routeHandle.ts';

/** Around every page: one page view per path the user lands on, and a tab title naming the page. */
export function RootLayout() {
  const { pathname } = useLocation();
  const title = useRouteHandle()?.title;
  const lastTracked = useRef<string | null>(null);

  useEffect(() => {
    if (lastTracked.current === pathname) return;
    lastTracked.current = pathname;
    trackPageView(pathname);
  }, [pathname]);

  useEffect(() => {
    document.title = title ? `${title} · Reelsmith` : 'Reelsmith';
  }, [title]);

  return <Outlet />;
}
