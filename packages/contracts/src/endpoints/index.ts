import type { AnyEndpoint } from '../endpoint.ts';
import { accountDataEndpoints } from './account-data.ts';
import { accountEndpoints, profileEndpoints } from './accounts.ts';
import { beforeAfterEndpoints } from './before-after.ts';
import { billingEndpoints, gatewayEndpoints } from './billing.ts';
import { brandEndpoints } from './brands.ts';
import { dashboardEndpoints } from './dashboard.ts';
import { docsEndpoints } from './docs.ts';
import { ideaEndpoints } from './ideas.ts';
import { mediaEndpoints } from './media.ts';
import { platformEndpoints } from './platform.ts';
import { productShowcaseEndpoints } from './product-showcase.ts';
import { productIntroEndpoints } from './product-intro.ts';
import { storyboardEndpoints } from './storyboard.ts';
import { subtitleEndpoints } from './subtitles.ts';
import { ugcEndpoints } from './ugc.ts';
import { vendorWebhookEndpoints } from './vendor-webhooks.ts';
import { brollEndpoints, finalVideoEndpoints, ownMediaEndpoints } from './video.ts';
import { scriptEndpoints, voiceoverEndpoints } from './voiceover.ts';

export { accountDataEndpoints, accountEndpoints, profileEndpoints, beforeAfterEndpoints, billingEndpoints, brandEndpoints, brollEndpoints, finalVideoEndpoints, ownMediaEndpoints, dashboardEndpoints, gatewayEndpoints, docsEndpoints, ideaEndpoints, mediaEndpoints, platformEndpoints, productIntroEndpoints, productShowcaseEndpoints, scriptEndpoints, storyboardEndpoints, subtitleEndpoints, ugcEndpoints, vendorWebhookEndpoints, voiceoverEndpoints };
export { jobStatusResponse, outboxQuery, readinessResponse, type JobStatusResponse, type ReadinessResponse } from './platform.ts';

/** Every endpoint the server answers; the route check and the OpenAPI document read this list. */
// Pure: the web app never reads the list, so its bundler drops it and every endpoint group no page calls.
export const allEndpoints: readonly AnyEndpoint[] = /* @__PURE__ */ [
  accountEndpoints,
  profileEndpoints,
  accountDataEndpoints,
  beforeAfterEndpoints,
  billingEndpoints,
  brandEndpoints,
  brollEndpoints,
  finalVideoEndpoints,
  ownMediaEndpoints,
  dashboardEndpoints,
  gatewayEndpoints,
  docsEndpoints,
  ideaEndpoints,
  mediaEndpoints,
  platformEndpoints,
  productShowcaseEndpoints,
  productIntroEndpoints,
  scriptEndpoints,
  storyboardEndpoints,
  subtitleEndpoints,
  ugcEndpoints,
  vendorWebhookEndpoints,
  voiceoverEndpoints,
].flatMap((group) => Object.values(group));
