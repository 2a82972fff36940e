import { tmpdir } from 'node:os';
import { defineEndpoint, genericMessages } from '@reelsmith/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Auth } from '../platform/auth.ts';
import { createEndpointRouter } from './endpoint-router.ts';
import { registerErrorHandler } from './errors.ts';

const signedIn = { user: { id: 'u1', email: 'me@example.com', name: 'Me' } };
/** Only readSession is used by the router; a cookie "signed-in" stands for a session. */
const auth = {
  readSession: async (headers: Headers) => (headers.get('cookie') === 'signed-in' ? signedIn.user : null),
} as unknown as Auth;

const echo = defineEndpoint({
  method: 'POST',
  path: '/api/echo',
  summary: 'Echo',
  tag: 'test',
  access: 'session',
  body: 'json',
  request: z.object({ user_id: z.string(), count: z.coerce.number().int().min(1) }),
  response: z.object({ count: z.number() }),
  namesUser: { id: 'user_id' },
});

async function appWith(answer: unknown, validateResponses = true) {
  const app = Fastify();
  registerErrorHandler(app);
  createEndpointRouter(app, { auth, scratchDir: tmpdir(), validateResponses }).route(echo, ({ input }) => (answer === undefined ? { count: input.count } : answer) as { count: number });
  await app.ready();
  return app;
}

const post = (app: Awaited<ReturnType<typeof appWith>>, body: unknown, cookie = 'signed-in') =>
  app.inject({ method: 'POST', url: '/api/echo', payload: body as object, headers: { cookie } });

describe('endpoint router', () => {
  it('answers a handler that keeps to its schema', async () => {
    const response = await post(await appWith(undefined), { user_id: 'u1', count: '3' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 3 });
  });

  it('needs the session, then refuses a body naming someone else, then names the wrong field', async () => {
    const app = await appWith(undefined);
    expect((await post(app, { user_id: 'u1', count: 1 }, 'none')).json()).toEqual({ error: genericMessages.signInRequired });
    const other = await post(app, { user_id: 'u2', count: 1 });
    expect([other.statusCode, other.json()]).toEqual([403, { error: genericMessages.forbidden }]);
    const wrong = await post(app, { user_id: 'u1', count: 0 });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { error: genericMessages.badRequest, field: 'count' }]);
  });

  it('turns an answer outside the response schema into a 500 when responses are checked, and lets it through otherwise', async () => {
    const checked = await post(await appWith({ count: 'three' }), { user_id: 'u1', count: 1 });
    expect([checked.statusCode, checked.json()]).toEqual([500, { error: genericMessages.internal }]);
    const unchecked = await post(await appWith({ count: 'three' }, false), { user_id: 'u1', count: 1 });
    expect(unchecked.statusCode).toBe(200);
  });
});
