/** The texts of the one busy state every long wait shows (besides workflowMessages.doNotRefresh). */
export const busyTexts = {
  timeLeft: (seconds: number) => (seconds < 60 ? `About ${seconds} secs left` : `About ${Math.ceil(seconds / 60)} min left`),
  estimating: 'Working out the time left…',
} as const;

/** Under a generated video's Restart and Next: what Restart does on a page whose form makes the video. */
export const generatedVideoTexts = {
  restartHint: (action: string) => `Restart empties the form for another try; the next “${action}” replaces this video in the project.`,
} as const;
