import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { genericMessages } from '@reelsmith/contracts';

/** Vite names everything under assets/ after its content, so a changed file gets a new URL and may be kept forever. */
const hashedDir = 'assets';
const immutable = 'public, max-age=31536000, immutable';
/** Anything else (index.html above all) names the current build's files: the browser must ask again each time. */
const revalidate = 'no-cache';

function isPage(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && !url.startsWith(`/${hashedDir}/`);
}

/**
 * Serves the built SPA, its .br/.gz twins (made at build time) to browsers that accept them. Any other page address
 * gets index.html so the client router decides; a missing asset or API path is a plain 404, never the page.
 */
export async function registerWebRoutes(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasBuild = existsSync(join(webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, path) {
        const hashed = relative(webDistDir, path).startsWith(hashedDir + sep);
        reply.header('cache-control', hashed ? immutable : revalidate);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasBuild && isPage(request.method, request.url)) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send({ error: genericMessages.notFound });
  });
}
