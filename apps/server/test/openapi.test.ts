import { allEndpoints, defineEndpoint } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApi } from '../src/http/openapi.ts';
import { startTestApp, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const [pglite] = await testDatabaseTargets();
const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{rest}');

describe('OpenAPI from the endpoint definitions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(pglite!);
  }, 60_000);
  afterAll(() => t?.close());

  it('serves every definition with its bodies at /api/openapi.json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    for (const endpoint of allEndpoints) {
      const operation = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(operation.summary).toBe(endpoint.summary);
    }
    const generate = document.paths['/api/generate-subtitles'].post;
    expect(Object.keys(generate.requestBody.content)).toEqual(['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json']);
    expect(generate.requestBody.content['multipart/form-data'].schema.properties.words_per_chunk).toBeDefined();
    expect(generate.responses['200'].content['application/json'].schema.properties.subtitle_srt).toEqual({ type: 'string' });
  });

  it('documents an upload’s files beside its text fields, and the path parameters its definition checks', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const binary = { type: 'string', format: 'binary' };
    const upload = document.paths['/api/uploads/{purpose}'].post;
    expect(upload.parameters).toEqual([{ name: 'purpose', in: 'path', required: true, schema: expect.objectContaining({ enum: expect.arrayContaining(['logo', 'main-video']) }) }]);
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
    expect(upload.requestBody.content['multipart/form-data'].schema).toMatchObject({ properties: { file: binary }, required: ['file'] });
    const images = document.paths['/api/convert-images-to-video'].post.requestBody.content['multipart/form-data'].schema;
    expect(images).toMatchObject({ properties: { user_id: { type: 'string' } }, patternProperties: { '^image[0-9]+$': binary } });
    const finalVideo = document.paths['/api/final-video'].post.requestBody.content;
    expect(Object.keys(finalVideo)).toEqual(['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json']);
    expect(finalVideo['multipart/form-data'].schema.properties.cta_image).toMatchObject(binary);
    expect(finalVideo['application/json'].schema.properties.cta_image).toBeUndefined();
  });

  it('shows a browsable page at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<h1>Reelsmith API</h1>');
    expect(response.body).toContain('<code>/api/generate-subtitles</code>');
    expect(response.body).toContain('href="/api/openapi.json"');
  });

  it('leaves operator endpoints out of a production document', () => {
    const operatorOnly = defineEndpoint({
      method: 'GET',
      path: '/api/dev/things/:id',
      summary: 'Operator only',
      tag: 'dev',
      access: 'operator',
      body: 'none',
      request: z.object({}),
      response: z.object({ ok: z.boolean() }),
    });
    const development = buildOpenApi([...allEndpoints, operatorOnly], { production: false, serverUrl: 'http://x' });
    const production = buildOpenApi([...allEndpoints, operatorOnly], { production: true, serverUrl: 'http://x' });
    expect(development.paths['/api/dev/things/{id}']?.get).toMatchObject({ parameters: [{ name: 'id', in: 'path', required: true }] });
    expect(production.paths['/api/dev/things/{id}']).toBeUndefined();
  });
});
