import type { AnyEndpoint } from '../endpoint.ts';
import { accountEndpoints } from './accounts.ts';
import { billingEndpoints, gatewayEndpoints } from './billing.ts';
import { dashboardEndpoints } from './dashboard.ts';
import { docsEndpoints } from './docs.ts';
import { ideaEndpoints } from './ideas.ts';
import { mediaEndpoints } from './media.ts';
import { platformEndpoints } from './platform.ts';
import { storyboardEndpoints } from './storyboard.ts';
import { subtitleEndpoints } from './subtitles.ts';
import { scriptEndpoints, voiceoverEndpoints } from './voiceover.ts';

export { accountEndpoints, billingEndpoints, dashboardEndpoints, gatewayEndpoints, docsEndpoints, ideaEndpoints, mediaEndpoints, platformEndpoints, scriptEndpoints, storyboardEndpoints, subtitleEndpoints, voiceoverEndpoints };
export { jobStatusResponse, outboxQuery, type JobStatusResponse } from './platform.ts';

/** Every endpoint the server answers; the route check and the OpenAPI document read this list. */
export const allEndpoints: readonly AnyEndpoint[] = [
  accountEndpoints,
  billingEndpoints,
  dashboardEndpoints,
  gatewayEndpoints,
  docsEndpoints,
  ideaEndpoints,
  mediaEndpoints,
  platformEndpoints,
  scriptEndpoints,
  storyboardEndpoints,
  subtitleEndpoints,
  voiceoverEndpoints,
].flatMap((group) => Object.values(group));
