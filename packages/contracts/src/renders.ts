import { z } from 'zod';

/**
 * What the next final render of a project costs, for the note beside the Final Video button: the first video of a
 * project and a video with another voiceover (script, voice or tempo) use a credit; any other re-render is free.
 */
export const finalVideoCostResponse = z.object({
  uses_credit: z.boolean(),
  /** The project already has a final video, made with another voiceover. */
  new_voiceover: z.boolean(),
  videos_left: z.number(),
  renders_at_once: z.number(),
  /** Whether the project's brand has a logo to put on the video. */
  has_logo: z.boolean(),
  /** The project's brand and its end card (issue 32): the card's line, empty when the brand has none. */
  brand_name: z.string().optional(),
  end_card_text: z.string().optional(),
});
export type FinalVideoCost = z.infer<typeof finalVideoCostResponse>;

const creditsLeft = (left: number) => `${left} ${left === 1 ? 'credit' : 'credits'} left`;
const videosAtOnce = (count: number) => (count === 1 ? 'one video at a time' : `${count} videos at a time`);

/** Texts of the final render: what it costs before the click, and why it waits once started. */
export const finalVideoTexts = {
  cost(cost: FinalVideoCost): string {
    if (!cost.uses_credit) return 'Re-rendering is free while the voiceover stays the same: style, music, subtitles, B-roll and background changes use no credit.';
    const why = cost.new_voiceover ? 'The voiceover changed since the last final video, so this makes a new video: it uses 1 video credit' : 'This render uses 1 video credit';
    return `${why} (${creditsLeft(cost.videos_left)}).`;
  },
  waitingForTurn: (atOnce: number) =>
    `Waiting for your other ${atOnce === 1 ? 'video' : 'videos'} to finish: your plan makes ${videosAtOnce(atOnce)}. This one starts by itself; you can leave this page.`,
  waitingInQueue: 'In the queue: your video starts as soon as a renderer is free.',
  logoSwitch: 'Add my logo',
  logoHint: 'The logo you uploaded on the dashboard, in the top-right corner, clear of the subtitles.',
  noLogoHint: 'No logo yet: add one on the dashboard to put it on your videos.',
} as const;
