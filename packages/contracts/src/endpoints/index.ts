import type { AnyEndpoint } from '../endpoint.ts';
import { docsEndpoints } from './docs.ts';
import { storyboardEndpoints } from './storyboard.ts';
import { subtitleEndpoints } from './subtitles.ts';

export { docsEndpoints, storyboardEndpoints, subtitleEndpoints };

/** Every endpoint the server answers; the route check and the OpenAPI document read this list. */
export const allEndpoints: readonly AnyEndpoint[] = [docsEndpoints, storyboardEndpoints, subtitleEndpoints].flatMap((group) =>
  Object.values(group),
);
