import { z } from 'zod';
import { flowPage, flowTypes, videoFlows, type FlowType } from './flows.ts';

/**
 * The flow a project goes through, from the type it was started as. 'smart-storyboard' is the one project type
 * that is no flow of its own: it is a page of Custom Storyboard.
 */
export function flowOfVideoType(videoType: string): FlowType {
  return flowTypes.includes(videoType as FlowType) ? (videoType as FlowType) : 'custom-storyboard';
}

/** The page's own spelling in the flow (paths match case-insensitively), or null when the flow has no such page. */
export function pageOfFlow(flow: FlowType, path: string): string | null {
  return flowPage(videoFlows[flow], path)?.path ?? null;
}

/** A workflow page tells the server where the user is in a project, so the dashboard can offer to continue there. */
export const projectStepRequest = z.object({ project_id: z.string().min(1).max(100), page: z.string().min(1).max(100) });
export type ProjectStepRequest = z.infer<typeof projectStepRequest>;
/** The project's own flow, from the type it was started as: a page shared by flows takes its steps from it. */
export const projectStepResponse = z.object({ status: z.literal('success'), flow: z.enum(flowTypes as [FlowType, ...FlowType[]]) });

/** The dashboard shows this many drafts, the most recently worked on first. */
export const draftsShown = 12;

export const draftItem = z.object({
  id: z.string(),
  brand_id: z.string().nullable(),
  title: z.string(),
  flow: z.enum(flowTypes as [FlowType, ...FlowType[]]),
  /** The video type's tile name. */
  video_type: z.string(),
  /** The page Continue opens, and its heading. */
  page: z.string(),
  step_title: z.string(),
  /** Where the page is in the flow's progress bar, for the card to say ('step 2 of 6'). */
  step_number: z.number().int().positive(),
  step_count: z.number().int().positive(),
  /** A picture of what the draft has made so far (a signed URL): a still, or a video whose first moment is shown. */
  poster: z.object({ kind: z.enum(['image', 'video']), url: z.string() }).nullable(),
  updated_at: z.string(),
});
export type DraftItem = z.infer<typeof draftItem>;
export const draftsResponse = z.object({ drafts: z.array(draftItem) });
/** `brand`: one brand's id, or 'all' (the default). */
export const draftsRequest = z.object({ brand: z.string().min(1).max(100).optional() });

export const discardDraftRequest = z.object({ video_id: z.string().min(1).max(100) });

export const draftTexts = {
  heading: 'Drafts',
  intro: 'Videos you started and have not finished. Pick up where you left off.',
  stoppedAt: (stepTitle: string) => `Stopped at: ${stepTitle}`,
  stepOf: (n: number, count: number) => `Step ${n} of ${count}`,
  edited: (date: string) => `Last edited ${date}`,
  continue: 'Continue',
  continueLabel: (title: string) => `Continue ${title}`,
  discard: 'Discard',
  discardLabel: (title: string) => `Discard ${title}`,
  discardTitle: 'Discard this draft?',
  discardBody: (title: string) => `“${title}” and everything made for it are removed for good. Your uploaded files stay, and your credits do not change.`,
  discardConfirm: 'Discard draft',
  discardKeep: 'Keep it',
  discardFailed: "We couldn't discard the draft. Please try again.",
  loadFailed: "We couldn't load your drafts. Please try again.",
  notFound: 'This draft does not exist any more.',
  pageNotInFlow: 'This page is not a step of this video type.',
} as const;
