import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { waitForHandlersOnClose } from './in-flight.ts';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Sends a GET and hangs up once the handler has started, as a browser tab closed mid-request does. */
async function leaveMidRequest(url: string, started: Promise<void>): Promise<void> {
  const sent = request(url);
  sent.on('error', () => undefined);
  sent.end();
  await started;
  sent.destroy();
}

describe('closing the app while handlers run', () => {
  it('waits for a handler whose client has left before it resolves', async () => {
    const app = Fastify();
    waitForHandlersOnClose(app);
    const events: string[] = [];
    const started = gate();
    const release = gate();
    const clientGone = gate();
    app.get('/slow', async (req) => {
      req.raw.once('close', clientGone.open);
      started.open();
      await release.opened;
      events.push('handler finished');
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    await leaveMidRequest(`http://127.0.0.1:${port}/slow`, started.opened);
    await clientGone.opened;

    const closing = app.close().then(() => events.push('closed'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toEqual([]);
    release.open();
    await closing;
    expect(events).toEqual(['handler finished', 'closed']);
  });

  it('gives a handler that never finishes its grace, then closes', async () => {
    const app = Fastify();
    waitForHandlersOnClose(app, 300);
    const started = gate();
    app.get('/stuck', async () => {
      started.open();
      await new Promise(() => undefined);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    await leaveMidRequest(`http://127.0.0.1:${port}/stuck`, started.opened);
    await app.close();
  });

  it('keeps nothing of requests that were answered, refused or failed', async () => {
    const app = Fastify();
    // A request left counted would hold close() for this grace, past the test's own timeout.
    waitForHandlersOnClose(app, 60_000);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    app.post('/json', async (req) => req.body);
    const answers = await Promise.all([
      app.inject({ url: '/ok' }),
      app.inject({ url: '/fails' }),
      app.inject({ url: '/missing' }),
      app.inject({ method: 'POST', url: '/json', headers: { 'content-type': 'application/json' }, payload: '{"nested": [' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 500, 404, 400]);
    await app.close();
  }, 5_000);
});
