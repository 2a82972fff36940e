import type { AnyEndpoint } from '../endpoint.ts';
import { accountEndpoints } from './accounts.ts';
import { docsEndpoints } from './docs.ts';
import { platformEndpoints } from './platform.ts';
import { storyboardEndpoints } from './storyboard.ts';
import { subtitleEndpoints } from './subtitles.ts';

export { accountEndpoints, docsEndpoints, platformEndpoints, storyboardEndpoints, subtitleEndpoints };
export { jobStatusResponse, outboxQuery, type JobStatusResponse } from './platform.ts';

/** Every endpoint the server answers; the route check and the OpenAPI document read this list. */
export const allEndpoints: readonly AnyEndpoint[] = [
  accountEndpoints,
  docsEndpoints,
  platformEndpoints,
  storyboardEndpoints,
  subtitleEndpoints,
].flatMap((group) => Object.values(group));
