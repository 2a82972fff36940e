import type { AnyEndpoint } from '@reelsmith/contracts';
import { errorBody } from '@reelsmith/contracts';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** Transforms and coercions have no JSON Schema: the document shows what a caller sends (input) and gets (output). */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const formTypes = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];

function requestBody(endpoint: AnyEndpoint) {
  if (endpoint.method === 'GET' || endpoint.body === 'none') return undefined;
  const schema = schemaOf(endpoint.request, 'input');
  if (endpoint.body === 'json') return { required: true, content: { 'application/json': { schema } } };
  if (endpoint.body === 'raw') return { required: true, content: { 'application/json': { schema } } };
  const types = endpoint.body === 'upload' ? ['multipart/form-data'] : formTypes;
  return { required: true, content: Object.fromEntries(types.map((type) => [type, { schema }])) };
}

function parameters(endpoint: AnyEndpoint) {
  const inPath = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  if (endpoint.method !== 'GET' || endpoint.body === 'none') return inPath;
  const query = schemaOf(endpoint.request, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  return [...inPath, ...inQuery];
}

function responses(endpoint: AnyEndpoint) {
  if (endpoint.response instanceof z.ZodNull) return { '204': { description: 'No content' } };
  const success = endpoint.produces
    ? { description: 'Success', content: { [endpoint.produces]: { schema: endpoint.produces === 'text/html' ? { type: 'string' } : { type: 'string', format: 'binary' } } } }
    : { description: 'Success', content: { 'application/json': { schema: schemaOf(endpoint.response, 'output') } } };
  const refusal = { description: "Refused: `error` is the spec's message, `field` the wrong body field", content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return { '200': success, '4XX': refusal, '5XX': refusal };
}

const security = { session: [{ session: [] }], operator: [{ operator: [] }], public: [], signature: [], auth: [] } as const;

/** OpenAPI 3.1 from the endpoint definitions; operator endpoints are left out of a production document. */
export function buildOpenApi(endpoints: readonly AnyEndpoint[], options: { production: boolean; serverUrl: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    if (options.production && endpoint.access === 'operator') continue;
    const path = endpoint.path.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{rest}');
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = {
      summary: endpoint.summary,
      ...(endpoint.onlyWhen ? { description: `Only when ${endpoint.onlyWhen}.` } : {}),
      tags: [endpoint.tag],
      operationId: `${endpoint.method.toLowerCase()}${endpoint.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      security: security[endpoint.access],
      parameters: parameters(endpoint),
      ...(requestBody(endpoint) ? { requestBody: requestBody(endpoint) } : {}),
      responses: responses(endpoint),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Reelsmith API', version: '1', description: 'Every call of SPEC §7 and the product’s own routes.' },
    servers: [{ url: options.serverUrl }],
    components: {
      schemas: { Error: schemaOf(errorBody, 'output') },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
        operator: { type: 'apiKey', in: 'header', name: 'X-Operator-Token' },
      },
    },
    paths,
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApi>;
