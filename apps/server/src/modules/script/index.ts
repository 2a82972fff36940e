import type { FeatureModule } from '../../http/feature-module.ts';
import type { Infrastructure, SharedCore } from '../../infrastructure.ts';
import { createScriptService, type ScriptServiceDependencies } from './script.ts';
import { registerScriptRoutes } from './script-routes.ts';
import { createScriptVideo } from './script-video.ts';

/** The script steps: written from a prompt or an idea, or fitted to the user's own video. */
export function scriptModule(infra: Infrastructure, shared: SharedCore, ideas: { brief: ScriptServiceDependencies['business'] }): FeatureModule {
  const probe = (path: string) => infra.mediaPort.probe(path);
  const video = createScriptVideo({ storage: infra.storage, signer: infra.signer, transcriptions: shared.transcriptions, probe });
  const script = createScriptService({ projects: infra.repositories.projects, quotas: infra.quotas, writer: infra.writer, business: ideas.brief, video });
  return {
    register({ router }) {
      registerScriptRoutes(router, { script });
    },
  };
}
