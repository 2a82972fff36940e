import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

const tables = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Records every route as it is added, so a test can hold them against the endpoint definitions. */
export function recordRoutes(app: FastifyInstance): void {
  const table: RegisteredRoute[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) table.push({ method, url: route.url });
  });
}

export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return tables.get(app) ?? [];
}
