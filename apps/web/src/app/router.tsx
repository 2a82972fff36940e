import { publicPaths, signedInPages, type PageDefinition } from '@reelsmith/contracts';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.tsx';
import { SignupPage } from '../features/auth/SignupPage.tsx';
import { AudioPage } from '../features/audio/AudioPage.tsx';
import { AudioTypesPage } from '../features/audio/AudioTypesPage.tsx';
import { BgMusicPage } from '../features/bg-music/BgMusicPage.tsx';
import { BrollsPage } from '../features/brolls/BrollsPage.tsx';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { GenerateIdeasPage } from '../features/ideas/GenerateIdeasPage.tsx';
import { OwnVideoPage } from '../features/own-video/OwnVideoPage.tsx';
import { ImageToVideoPage } from '../features/image-to-video/ImageToVideoPage.tsx';
import { PlaceholderPage } from '../features/placeholder/PlaceholderPage.tsx';
import { PromptScriptPage, VideoScriptPage } from '../features/script/ScriptPage.tsx';
import { ScrollStopperPage } from '../features/scroll-stopper/ScrollStopperPage.tsx';
import { SmartStoryboardPage } from '../features/storyboard/SmartStoryboardPage.tsx';
import { SubscriptionsPage } from '../features/subscriptions/SubscriptionsPage.tsx';
import { SubtitlesPage } from '../features/subtitles/SubtitlesPage.tsx';
import { RequireSession } from './RequireSession.tsx';
import type { RouteHandle } from './routeHandle.ts';
import { RootLayout } from './RootLayout.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { SignedInLayout } from './SignedInLayout.tsx';

const publicPages: Record<(typeof publicPaths)[number], { title: string; Page: ComponentType }> = {
  '/login': { title: 'Login', Page: LoginPage },
  '/signup': { title: 'Sign up', Page: SignupPage },
  '/reset-password': { title: 'Reset password', Page: ResetPasswordPage },
};

/** Signed-in pages that exist; every other page of SPEC §2 shows a placeholder until its feature lands. */
const builtPages: Partial<Record<string, ComponentType>> = {
  '/dashboard': DashboardPage,
  '/smart-storyboard': SmartStoryboardPage,
  '/Subscriptions': SubscriptionsPage,
  '/generate-ideas': GenerateIdeasPage,
  '/script': PromptScriptPage,
  '/script-types': VideoScriptPage,
  '/subtitles': SubtitlesPage,
  '/BRolls': BrollsPage,
  '/background-music': BgMusicPage,
  '/scroll-stopper': ScrollStopperPage,
  '/OwnVideo': OwnVideoPage,
  '/ImagetoVideo': ImageToVideoPage,
  '/audio': AudioPage,
  '/audio-types': AudioTypesPage,
};

function signedInRoute(page: PageDefinition): RouteObject {
  const Page = builtPages[page.path];
  const handle: RouteHandle = { title: page.title };
  return { path: page.path, handle, element: Page ? <Page /> : <PlaceholderPage title={page.title} /> };
}

/** Paths match case-insensitively (react-router's default), so /Dashboard and /dashboard are one page. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...publicPaths.map((path): RouteObject => {
        const { title, Page } = publicPages[path];
        const handle: RouteHandle = { title };
        return { path, handle, element: <Page /> };
      }),
      {
        element: <RequireSession />,
        children: [{ element: <SignedInLayout />, children: signedInPages.map(signedInRoute) }],
      },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
