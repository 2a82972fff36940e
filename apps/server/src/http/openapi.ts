import type { AnyEndpoint, UploadSpec } from '@reelsmith/contracts';
import { errorBody, uploadPolicies } from '@reelsmith/contracts';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** Transforms and coercions have no JSON Schema: the document shows what a caller sends (input) and gets (output). */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const plainFormTypes = ['application/x-www-form-urlencoded', 'application/json'];
const formTypes = ['multipart/form-data', ...plainFormTypes];

const numberedName = (name: string) => `^${name.replace('#', '[0-9]+')}$`;

/** An upload's text fields with its files beside them: a numbered field (`image#`) as a pattern, each with its limit. */
function uploadSchema(spec: UploadSpec, fields: JsonSchema): JsonSchema {
  const files = Object.entries(spec.files).map(([name, field]) => {
    const limit = typeof field.policy === 'string' ? `At most ${uploadPolicies[field.policy].maxBytes} bytes.` : `The limit of the ${field.policy.param} in the path.`;
    return [name, { type: 'string', format: 'binary', description: limit }] as const;
  });
  const named = files.filter(([name]) => !name.includes('#'));
  const numbered = files.filter(([name]) => name.includes('#')).map(([name, schema]) => [numberedName(name), schema] as const);
  const required = [...((fields.required as string[] | undefined) ?? []), ...Object.entries(spec.files).filter(([, field]) => field.required).map(([name]) => name)];
  return {
    ...fields,
    properties: { ...(fields.properties as JsonSchema | undefined), ...Object.fromEntries(named) },
    ...(numbered.length > 0 ? { patternProperties: Object.fromEntries(numbered) } : {}),
    ...(required.length > 0 ? { required } : {}),
    description: `At most ${spec.maxFiles} file(s).`,
  };
}

function requestBody(endpoint: AnyEndpoint) {
  if (endpoint.method === 'GET' || endpoint.body === 'none') return undefined;
  const schema = schemaOf(endpoint.request, 'input');
  if (endpoint.body === 'json') return { required: true, content: { 'application/json': { schema } } };
  if (endpoint.body === 'raw') return { required: true, content: { 'application/json': { schema } } };
  if (!endpoint.upload) return { required: true, content: Object.fromEntries(formTypes.map((type) => [type, { schema }])) };
  // A form that may come without its files is also taken urlencoded or as JSON: then only its text fields.
  const plain = endpoint.upload.plainForm ? plainFormTypes.map((type) => [type, { schema }]) : [];
  return { required: true, content: { 'multipart/form-data': { schema: uploadSchema(endpoint.upload, schema) }, ...Object.fromEntries(plain) } };
}

function parameters(endpoint: AnyEndpoint) {
  const checked = endpoint.params ? (schemaOf(endpoint.params, 'input').properties as Record<string, JsonSchema>) : {};
  const inPath = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: checked[name!] ?? { type: 'string' } }));
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
