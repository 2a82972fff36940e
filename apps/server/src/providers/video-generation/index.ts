import type { MediaPort } from '../media/types.ts';
import { createFalVideoGenerator } from './fal.ts';
import { createLocalVideoGenerator } from './local.ts';
import { createReplicateVideoGenerator } from './replicate.ts';
import type { VideoGenerationSettings } from './settings.ts';
import type { VideoGenerator } from './types.ts';

export type { VideoGenerator } from './types.ts';

/** fal.ai when it is set up, else Replicate when it is, else the motion templates into `localDir`. */
export function createVideoGenerator(settings: VideoGenerationSettings, deps: { media: MediaPort; localDir: string }): VideoGenerator {
  if (settings.fal) return createFalVideoGenerator(settings.fal);
  if (settings.replicate) return createReplicateVideoGenerator(settings.replicate);
  return createLocalVideoGenerator({ media: deps.media, dir: deps.localDir });
}
