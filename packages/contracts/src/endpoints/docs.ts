import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

const tag = 'docs';

export const docsEndpoints = {
  openApi: defineEndpoint({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This API as an OpenAPI 3.1 document, generated from the endpoint definitions.',
    tag,
    access: 'public',
    body: 'none',
    request: z.object({}),
    response: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
  }),
  page: defineEndpoint({
    method: 'GET',
    path: '/api/docs',
    summary: 'A browsable page of every endpoint with its request and response bodies.',
    tag,
    access: 'public',
    body: 'none',
    request: z.object({}),
    response: z.string(),
    produces: 'text/html',
  }),
} as const;
