/** The texts of the one busy state every long wait shows (besides workflowMessages.doNotRefresh). */
export const busyTexts = {
  timeLeft: (seconds: number) => (seconds < 60 ? `About ${seconds} secs left` : `About ${Math.ceil(seconds / 60)} min left`),
  estimating: 'Working out the time left…',
} as const;
