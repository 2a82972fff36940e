import { publicPaths, signedInPages, type PageDefinition } from '@reelsmith/contracts';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from './PageLoading.tsx';
import { RequireSession } from './RequireSession.tsx';
import type { RouteHandle } from './routeHandle.ts';
import { RootLayout } from './RootLayout.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

/** A page's code, fetched the first time the page is opened so /login does not download the whole app. */
type PageChunk = () => Promise<ComponentType>;

const publicPages: Record<(typeof publicPaths)[number], { title: string; load: PageChunk }> = {
  '/login': { title: 'Login', load: () => import('../features/accounts/LoginPage.tsx').then((m) => m.LoginPage) },
  '/signup': { title: 'Sign up', load: () => import('../features/accounts/SignupPage.tsx').then((m) => m.SignupPage) },
  '/reset-password': {
    title: 'Reset password',
    load: () => import('../features/accounts/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage),
  },
};

/** Every signed-in page of SPEC §2, by path. */
const builtPages: Partial<Record<string, PageChunk>> = {
  '/dashboard': () => import('../features/dashboard/DashboardPage.tsx').then((m) => m.DashboardPage),
  '/smart-storyboard': () =>
    import('../features/storyboard/SmartStoryboardPage.tsx').then((m) => m.SmartStoryboardPage),
  '/Subscriptions': () => import('../features/billing/BillingPage.tsx').then((m) => m.BillingPage),
  '/account': () => import('../features/account-data/AccountPage.tsx').then((m) => m.AccountPage),
  '/generate-ideas': () => import('../features/ideas/GenerateIdeasPage.tsx').then((m) => m.GenerateIdeasPage),
  '/script': () => import('../features/script/ScriptPage.tsx').then((m) => m.PromptScriptPage),
  '/script-types': () => import('../features/script/ScriptPage.tsx').then((m) => m.VideoScriptPage),
  '/subtitles': () => import('./SubtitlesStep.tsx').then((m) => m.SubtitlesStep),
  '/BRolls': () => import('../features/brolls/BrollsPage.tsx').then((m) => m.BrollsPage),
  '/background-music': () => import('../features/music/MusicPage.tsx').then((m) => m.MusicPage),
  '/scroll-stopper': () => import('../features/scroll-stopper/ScrollStopperPage.tsx').then((m) => m.ScrollStopperPage),
  '/OwnVideo': () => import('../features/own-video/OwnVideoPage.tsx').then((m) => m.OwnVideoPage),
  '/ImagetoVideo': () => import('../features/image-to-video/ImageToVideoPage.tsx').then((m) => m.ImageToVideoPage),
  '/product-showcase': () =>
    import('../features/product-showcase/ProductShowcasePage.tsx').then((m) => m.ProductShowcasePage),
  '/audio': () => import('../features/voiceover/VoiceoverPage.tsx').then((m) => m.VoiceoverPage),
  '/audio-types': () => import('../features/voiceover/VoiceoverTypesPage.tsx').then((m) => m.VoiceoverTypesPage),
  '/before-after': () => import('../features/before-after/BeforeAfterPage.tsx').then((m) => m.BeforeAfterPage),
  '/product-intro': () => import('../features/product-intro/ProductIntroPage.tsx').then((m) => m.ProductIntroPage),
  '/ugc-video': () => import('../features/ugc/UgcFormPage.tsx').then((m) => m.UgcFormPage),
  '/ugc-video2': () => import('../features/ugc/UgcVideoPage.tsx').then((m) => m.UgcVideoPage),
};

/** The handle stays on the route itself (not in `lazy`) so the tab title is known before the chunk arrives. */
function lazyPage(path: string, title: string, load: PageChunk): RouteObject {
  const handle: RouteHandle = { title };
  return { path, handle, lazy: async () => ({ Component: await load() }) };
}

function signedInRoute(page: PageDefinition): RouteObject {
  const load = builtPages[page.path];
  // A page of the route list without its code is a mistake to see at start-up, not a page to show.
  if (!load) throw new Error(`${page.path} has no page`);
  return lazyPage(page.path, page.title, load);
}

/** Paths match case-insensitively (react-router's default), so /Dashboard and /dashboard are one page. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageLoading,
    children: [
      ...publicPaths.map((path) => lazyPage(path, publicPages[path].title, publicPages[path].load)),
      {
        element: <RequireSession />,
        children: [
          {
            // The header and progress bar are for signed-in visitors only: /login need not download them.
            lazy: async () => ({ Component: (await import('./SignedInLayout.tsx')).SignedInLayout }),
            // Issue 32's /brands is not among SPEC §2's pages (contracts' signedInPages), so it is added here.
            children: [...signedInPages.map(signedInRoute), lazyPage('/brands', 'Brands', () => import('../features/brands/BrandsPage.tsx').then((m) => m.BrandsPage))],
          },
        ],
      },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
