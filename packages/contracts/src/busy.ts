import { z } from 'zod';

/** The texts of the one busy state every long wait shows (besides workflowMessages.doNotRefresh). */
export const busyTexts = {
  timeLeft: (seconds: number) => (seconds === 1 ? 'About 1 sec left' : seconds < 60 ? `About ${seconds} secs left` : `About ${Math.ceil(seconds / 60)} min left`),
  estimating: 'Working out the time left…',
  /** Past the measured wait: said instead of a count that would go up. */
  almostDone: 'Almost done…',
  /** Past the measured wait while the work reports it is far from done. */
  longerThanUsual: 'Taking a little longer than usual…',
  /** For screen readers, which hear the wait at most once a minute rather than every second. */
  underAMinute: 'Less than a minute left',
} as const;

/**
 * What this server measured for the job a page waits on, added to the status answers it polls: the whole wait its
 * recent finished jobs of the same kind and size took (median), and how long this one has been going. Optional, so
 * the spec's answers hold as they are.
 */
export const jobEstimateFields = {
  expected_seconds: z.number().optional(),
  elapsed_seconds: z.number().optional(),
};
export const jobEstimate = z.object(jobEstimateFields);
export type JobEstimate = z.infer<typeof jobEstimate>;

/** Under a generated video's Restart and Next: what Restart does on a page whose form makes the video. */
export const generatedVideoTexts = {
  restartHint: (action: string) => `Restart empties the form for another try; the next “${action}” replaces this video in the project.`,
  /** Pages whose Restart keeps what the user gave (UGC's picture and prompt, the storyboard's scenes). */
  restartKeepsHint: (what: string, action: string) => `Restart goes back to ${what}; the next “${action}” replaces this video in the project.`,
} as const;
