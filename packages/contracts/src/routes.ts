import { defaultTitle } from './flows.ts';

/** Every page of SPEC §2; the workflow pages take their titles from the video type flows (flows.ts). */
export interface PageDefinition {
  path: string;
  title: string;
}

export const publicPaths = ['/login', '/signup', '/reset-password'] as const;

export const signedInPages: PageDefinition[] = [
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/Subscriptions', title: 'Subscriptions' },
  { path: '/account', title: 'Your account and data' },
  { path: '/generate-ideas', title: 'Generate Ideas' },
  { path: '/script', title: defaultTitle('/script') },
  { path: '/script-types', title: defaultTitle('/script-types') },
  { path: '/audio', title: defaultTitle('/audio') },
  { path: '/audio-types', title: defaultTitle('/audio-types') },
  { path: '/smart-storyboard', title: defaultTitle('/smart-storyboard') },
  { path: '/BRolls', title: defaultTitle('/BRolls') },
  { path: '/background-music', title: defaultTitle('/background-music') },
  { path: '/subtitles', title: defaultTitle('/subtitles') },
  { path: '/ImagetoVideo', title: defaultTitle('/ImagetoVideo') },
  { path: '/OwnVideo', title: defaultTitle('/OwnVideo') },
  { path: '/product-showcase', title: defaultTitle('/product-showcase') },
  { path: '/scroll-stopper', title: defaultTitle('/scroll-stopper') },
  { path: '/ugc-video', title: defaultTitle('/ugc-video') },
  { path: '/ugc-video2', title: defaultTitle('/ugc-video2') },
  { path: '/before-after', title: defaultTitle('/before-after') },
  { path: '/product-intro', title: defaultTitle('/product-intro') },
];
