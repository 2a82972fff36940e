/** Every page of SPEC §2, with the progress bar step it highlights (null = no progress bar). */
export const workflowSteps = ['Generate Script', 'Generate Audio', 'Background Video', 'Background Music', 'Final Video'] as const;
export const videoFirstSteps = ['Video', ...workflowSteps] as const;
export type WorkflowStep = (typeof videoFirstSteps)[number];

export interface PageDefinition {
  path: string;
  title: string;
  step: WorkflowStep | null;
  /** Pages whose flow starts from the user's own video show the variant that begins with 'Video'. */
  videoFirst: boolean;
}

export const publicPaths = ['/login', '/signup', '/reset-password'] as const;

export const signedInPages: PageDefinition[] = [
  { path: '/dashboard', title: 'Dashboard', step: null, videoFirst: false },
  { path: '/Subscriptions', title: 'Subscriptions', step: null, videoFirst: false },
  { path: '/generate-ideas', title: 'Generate Ideas', step: null, videoFirst: false },
  { path: '/script', title: 'Script', step: 'Generate Script', videoFirst: false },
  { path: '/script-types', title: 'Script', step: 'Generate Script', videoFirst: true },
  { path: '/audio', title: 'Voiceover', step: 'Generate Audio', videoFirst: false },
  { path: '/audio-types', title: 'Voiceover', step: 'Generate Audio', videoFirst: true },
  { path: '/smart-storyboard', title: 'Smart Storyboard', step: 'Background Video', videoFirst: false },
  { path: '/BRolls', title: 'B-Rolls', step: 'Background Video', videoFirst: false },
  { path: '/background-music', title: 'Background Music', step: 'Background Music', videoFirst: false },
  { path: '/subtitles', title: 'Subtitles', step: 'Final Video', videoFirst: false },
  { path: '/ImagetoVideo', title: 'Animated Images', step: 'Video', videoFirst: true },
  { path: '/OwnVideo', title: 'Use Own Video', step: 'Video', videoFirst: true },
  { path: '/product-showcase', title: 'Product Showcase', step: 'Video', videoFirst: true },
  { path: '/scroll-stopper', title: 'Scroll Stopper', step: 'Video', videoFirst: true },
  { path: '/ugc-video', title: 'UGC Video', step: 'Video', videoFirst: true },
  { path: '/ugc-video2', title: 'UGC Video', step: 'Video', videoFirst: true },
  { path: '/before-after', title: 'Before / After', step: 'Video', videoFirst: true },
  { path: '/product-intro', title: 'Product Intro', step: 'Video', videoFirst: true },
];
