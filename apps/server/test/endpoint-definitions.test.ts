import { allEndpoints } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../src/http/route-table.ts';
import { startTestApp, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

/** better-auth answers everything under this prefix from one route; its definitions document the calls the web makes. */
const authPrefix = '/api/auth/';
/** The built web app: pages and hashed assets, not endpoints. */
const webRoutes = new Set(['*', '/*', '/assets/*']);

describe('endpoint definitions', () => {
  let test: TestApp;
  beforeAll(async () => {
    const [target] = await testDatabaseTargets();
    test = await startTestApp(target!);
  }, 60_000);
  afterAll(() => test?.close());

  const key = (method: string, url: string) => `${method} ${url}`;

  it('has a definition for every route the server registers', () => {
    const defined = new Set(allEndpoints.map((endpoint) => key(endpoint.method, endpoint.path)));
    const undefinedRoutes = registeredRoutes(test.app)
      .filter((route) => route.method !== 'HEAD' && !webRoutes.has(route.url))
      .map((route) => key(route.method, route.url))
      .filter((route) => !defined.has(route));
    expect(undefinedRoutes).toEqual([]);
  });

  it('registers every definition (better-auth calls through its one route; some only under their configuration)', () => {
    const registered = new Set(registeredRoutes(test.app).map((route) => key(route.method, route.url)));
    const missing = allEndpoints
      .filter((endpoint) => !endpoint.path.startsWith(authPrefix) || endpoint.path.endsWith('*'))
      .filter((endpoint) => endpoint.onlyWhen === undefined)
      .map((endpoint) => key(endpoint.method, endpoint.path))
      .filter((route) => !registered.has(route));
    expect(missing).toEqual([]);
  });

  it('defines each method and path once', () => {
    const keys = allEndpoints.map((endpoint) => key(endpoint.method, endpoint.path));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});
