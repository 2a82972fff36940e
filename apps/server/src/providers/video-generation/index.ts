import type { MediaPort } from '../media/types.ts';
import { createFalVideoGenerator } from './fal.ts';
import { createLocalVideoGenerator } from './local.ts';
import { createReplicateVideoGenerator } from './replicate.ts';
import type { VideoGenerationSettings } from './settings.ts';
import type { VideoGenerator } from './types.ts';

export type { VideoGenerator } from './types.ts';

/** The motion templates, rendered on this machine into `localDir`: the generator without a vendor, and a choice beside one. */
export function createMotionTemplates(deps: { media: MediaPort; localDir: string }): VideoGenerator {
  return createLocalVideoGenerator({ media: deps.media, dir: deps.localDir });
}

/** fal.ai when it is set up, else Replicate when it is, else the motion templates. */
export function createVideoGenerator(settings: VideoGenerationSettings, templates: VideoGenerator): VideoGenerator {
  if (settings.fal) return createFalVideoGenerator(settings.fal);
  if (settings.replicate) return createReplicateVideoGenerator(settings.replicate);
  return templates;
}
