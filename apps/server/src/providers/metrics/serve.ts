import { createServer, type Server } from 'node:http';
import type { Metrics } from './metrics.ts';

/**
 * A worker's metrics on its own port, bound to loopback only: a worker serves no HTTP and holds no operator
 * check, so the address itself is the access rule (a scraper on the same host, or a sidecar, reads it).
 */
export async function serveMetrics(metrics: Pick<Metrics, 'text' | 'contentType'>, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return server;
}
