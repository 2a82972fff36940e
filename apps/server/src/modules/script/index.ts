import type { FeatureModule } from '../../http/feature-module.ts';
import { createScriptService } from './script.ts';
import { registerScriptRoutes } from './script-routes.ts';
import { createScriptVideo } from './script-video.ts';

/** The script steps: written from a prompt or an idea, or fitted to the user's own video. */
export function scriptModule(deps: {
  script: Omit<Parameters<typeof createScriptService>[0], 'video'>;
  video: Parameters<typeof createScriptVideo>[0];
}): FeatureModule {
  return {
    register({ router }) {
      registerScriptRoutes(router, { script: createScriptService({ ...deps.script, video: createScriptVideo(deps.video) }) });
    },
  };
}
