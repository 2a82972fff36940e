import { stepStates } from '@reelsmith/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { Button, linkClasses } from '../components/ui/Button.tsx';
import { ProgressSteps } from '../components/ui/ProgressSteps.tsx';
import { Wordmark } from '../components/ui/Wordmark.tsx';
import { BrandSwitcher } from '../features/brands/BrandSwitcher.tsx';
import { signOut } from '../lib/session.ts';
import { useFlow, useReportPage } from '../lib/flow.ts';

/** Header (logo, brand switcher, Home, Signout) on every signed-in page, plus the progress bar on workflow pages. */
export function SignedInLayout() {
  const { flow, page, projectId } = useFlow();
  useReportPage(projectId, page?.path);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  async function handleSignOut() {
    setSigningOut(true);
    try {
      await signOut();
    } catch {
      // Even unreachable, the user asked to leave: the next /api/me decides whether a session survived.
    } finally {
      queryClient.clear();
      await navigate('/login');
    }
  }

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-accent focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <header className="border-b border-gray-200 bg-white">
        {/* Logo, brand switcher and the account menu (Home, Account, Signout) share one row from sm. At 375 px wide the
            logo and menu keep their row (tighter spacing) and the switcher takes a compact row under them; each layout
            has its own switcher so the tab order always follows what is seen (the other one is display: none). */}
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-3 py-3 sm:px-6">
          <div className="flex items-center justify-between gap-3 sm:gap-4">
            <Link to="/dashboard" aria-label="Reelsmith" className="rounded-lg">
              <Wordmark className="h-7 w-auto sm:h-8" />
            </Link>
            <BrandSwitcher className="ml-auto max-sm:hidden" />
            <nav aria-label="Account" className="flex items-center gap-3 sm:gap-6">
              <Link to="/dashboard" className={linkClasses}>
                Home
              </Link>
              <Link to="/account" className={linkClasses}>
                Account
              </Link>
              <Button variant="secondary" className="max-sm:px-3" onClick={() => void handleSignOut()} disabled={signingOut}>
                Signout
              </Button>
            </nav>
          </div>
          <BrandSwitcher className="border-t border-gray-100 pt-2 sm:hidden" />
        </div>
        {flow && page && (
          <div className="mx-auto flex max-w-3xl flex-col gap-2 px-2 pt-1 pb-4 sm:px-6">
            <p className="text-center text-xs font-semibold tracking-wide text-muted uppercase">{flow.tile}</p>
            <ProgressSteps steps={stepStates(flow, page.path)} />
          </div>
        )}
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}
