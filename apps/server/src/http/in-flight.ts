import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Closing the app waits for every handler still running, not only for open connections. A request whose client has
 * gone keeps running with no connection left to hold Fastify's close, and would otherwise meet a closed database pool
 * (main.ts closes it right after). A handler that never finishes is given `graceMs`, then left behind.
 */
export function waitForHandlersOnClose(app: FastifyInstance, graceMs = 10_000): void {
  const running = new Set<FastifyRequest>();
  let settled: (() => void) | null = null;
  const finished = (request: FastifyRequest) => {
    running.delete(request);
    if (running.size === 0) settled?.();
  };
  app.addHook('onRequest', async (request) => {
    running.add(request);
  });
  // onSend runs when the handler (or the error handler) hands over its answer, even to a client that has left; a
  // request refused before its handler also ends here. onResponse does not run for a client that left (fastify#6208).
  app.addHook('onSend', async (request) => finished(request));
  app.addHook('onResponse', async (request) => finished(request));
  app.addHook('onClose', async () => {
    if (running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => (settled = resolve)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
    ]);
    clearTimeout(timer);
  });
}
