import { allEndpoints, docsEndpoints } from '@reelsmith/contracts';
import { apiDocsPage } from './api-docs-page.ts';
import type { EndpointRouter } from './endpoint-router.ts';
import { buildOpenApi } from './openapi.ts';

/** /api/openapi.json and the page that reads it, both built once from the endpoint definitions. */
export function registerDocsRoutes(router: EndpointRouter, options: { production: boolean; publicUrl: string }): void {
  const document = buildOpenApi(allEndpoints, { production: options.production, serverUrl: options.publicUrl });
  const page = apiDocsPage(document);
  router.route(docsEndpoints.openApi, () => document);
  router.route(docsEndpoints.page, ({ reply }) => reply.type('text/html; charset=utf-8').send(page));
}
