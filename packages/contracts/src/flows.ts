/** SPEC §2: the five-step progress bar, and its variant that starts with 'Video'. */
export const workflowSteps = ['Generate Script', 'Generate Audio', 'Background Video', 'Background Music', 'Final Video'] as const;
export const videoFirstSteps = ['Video', ...workflowSteps] as const;
export type WorkflowStep = (typeof videoFirstSteps)[number];

/** One page of a flow: the progress bar step it belongs to, and its heading (step and page agree by construction). */
export interface FlowPage {
  path: string;
  step: WorkflowStep;
  title: string;
}

export interface VideoFlow {
  /** The dashboard tile that starts it (SPEC §2 'Select Video Type'). */
  tile: string;
  /** SPEC §2: the bar keeps the five steps, or the variant that starts with 'Video'. */
  steps: readonly WorkflowStep[];
  pages: readonly FlowPage[];
}

export type StepState = 'done' | 'current' | 'skipped' | 'todo';

/** Said after a bar step's name to screen readers; the bar's circles say it to the eye. */
export const stepStateTexts: Record<StepState, string> = { done: ', done', current: ', current step', skipped: ', skipped in this video type', todo: '' };

/** A page's heading: the step's name, and when a step spans pages, which part of it the page is. */
const page = (path: string, step: WorkflowStep, part?: string): FlowPage => ({ path, step, title: part ? `${step}: ${part}` : step });

/** What every flow that starts from its own video does after that video. */
const afterVideo = [
  page('/script-types', 'Generate Script'),
  page('/audio-types', 'Generate Audio'),
  page('/background-music', 'Background Music'),
  page('/subtitles', 'Final Video', 'Subtitles'),
];
const entry = (tile: string, ...paths: string[]): VideoFlow => ({
  tile,
  steps: videoFirstSteps,
  pages: [...paths.map((path) => ({ path, step: 'Video' as const, title: tile })), ...afterVideo],
});

/** One definition per video type: it names the pages in order, and so the titles, the progress bar and Next. */
export const videoFlows = {
  'custom-storyboard': {
    tile: 'Custom Storyboard',
    steps: workflowSteps,
    pages: [
      page('/script', 'Generate Script'),
      page('/audio', 'Generate Audio'),
      page('/smart-storyboard', 'Background Video', 'Smart Storyboard'),
      page('/BRolls', 'Background Video', 'B-Rolls'),
      page('/background-music', 'Background Music'),
      page('/subtitles', 'Final Video', 'Subtitles'),
    ],
  },
  'add-brolls': {
    tile: 'Add B-Rolls',
    steps: workflowSteps,
    pages: [page('/BRolls', 'Background Video', 'B-Rolls'), page('/background-music', 'Background Music'), page('/subtitles', 'Final Video', 'Subtitles')],
  },
  'image-to-video': entry('Animated Images', '/ImagetoVideo'),
  'own-video': entry('Use Own Video', '/OwnVideo'),
  'scroll-stopper': entry('Scroll Stopper', '/scroll-stopper'),
  'product-showcase': entry('Product Showcase', '/product-showcase'),
  ugc: entry('UGC Video', '/ugc-video', '/ugc-video2'),
  'before-after': entry('Before / After', '/before-after'),
  'product-intro': entry('Product Intro', '/product-intro'),
} as const satisfies Record<string, VideoFlow>;

export type FlowType = keyof typeof videoFlows;
export const flowTypes = Object.keys(videoFlows) as FlowType[];

const samePath = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const indexOf = (flow: VideoFlow, path: string) => flow.pages.findIndex((p) => samePath(p.path, path));

export const flowPage = (flow: VideoFlow, path: string): FlowPage | undefined => flow.pages[indexOf(flow, path)];

/** The page after this one in the flow; null on its last page or on a page outside it. */
export function flowNext(flow: VideoFlow, path: string): string | null {
  const index = indexOf(flow, path);
  return index < 0 ? null : (flow.pages[index + 1]?.path ?? null);
}

/** A workflow page's title in the flow it most often belongs to (the tab title, where no project is known). */
export function defaultTitle(path: string): string {
  const type = defaultFlow(path);
  const found = type ? flowPage(videoFlows[type], path) : undefined;
  if (!found) throw new Error(`${path} is in no flow`);
  return found.title;
}

/** The flow a page belongs to when nothing remembers one: the flow it starts, else the first that visits it. */
export function defaultFlow(path: string): FlowType | null {
  return (
    flowTypes.find((type) => samePath(videoFlows[type].pages[0]!.path, path)) ??
    flowTypes.find((type) => indexOf(videoFlows[type], path) >= 0) ??
    null
  );
}

/**
 * Each bar step as the user on `path` has met it: steps with a page before this one are done, its own is current,
 * steps the flow has no page for are skipped (never done), and the rest are still to come.
 */
export function stepStates(flow: VideoFlow, path: string): { step: WorkflowStep; state: StepState }[] {
  const index = indexOf(flow, path);
  const current = flow.pages[index]?.step;
  const visited = new Set(flow.pages.slice(0, Math.max(index, 0)).map((p) => p.step));
  const visits = new Set(flow.pages.map((p) => p.step));
  return flow.steps.map((step) => ({
    step,
    state: step === current ? 'current' : !visits.has(step) ? 'skipped' : visited.has(step) ? 'done' : 'todo',
  }));
}
