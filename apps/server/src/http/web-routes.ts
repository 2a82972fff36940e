import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { genericMessages } from '@reelsmith/contracts';

/** Serves the built SPA; any other GET outside /api gets index.html so the client router decides. */
export async function registerWebRoutes(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasBuild = existsSync(join(webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, { root: webDistDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/') && hasBuild) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send({ error: genericMessages.notFound });
  });
}
