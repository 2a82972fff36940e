import { connect } from 'node:net';
import { genericMessages, originMessages, rateLimitMessages, requestMessages } from '@reelsmith/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from '../src/http/security-headers.ts';
import { latestLinkFor, signUpAndConfirm } from './accounts.ts';
import { operatorHeaders, startTestApp, testOperatorToken, TestClient, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();

/** A browser's sign-up from the page it was served at: Origin, Host and Fetch-Metadata agree. */
function browserHeaders(origin: string, host = new URL(origin).host) {
  return { origin, host, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };
}

const signUpBody = (email: string) => ({ name: 'Probe', email, password: 'correct-horse-1', callbackURL: '/login?verified=1' });

describe.each(targets)('the security probe on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  describe('operator routes (items 1 and 2)', () => {
    it('the outbox and mailbox answer 404 without the operator token or with a wrong one', async () => {
      await new TestClient(t.app).post('/api/auth/sign-up/email', signUpBody('victim@example.com'));
      for (const url of ['/api/dev/outbox?to=victim@example.com', '/dev/mailbox', '/dev/mailbox?token=wrong-token']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
      const wrongHeader = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', headers: { 'x-operator-token': 'wrong-token' } });
      expect(wrongHeader.statusCode).toBe(404);
      expect(wrongHeader.body).not.toContain('victim@example.com');
      const operator = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=victim@example.com', headers: operatorHeaders });
      expect(operator.statusCode).toBe(200);
      expect(operator.json()).toHaveLength(1);
    });

    it('the mailbox link turns its token into an HttpOnly cookie and moves on to the clean URL', async () => {
      const client = new TestClient(t.app);
      const landing = await client.get(`/dev/mailbox?to=victim%40example.com&token=${testOperatorToken}`);
      expect(landing.statusCode).toBe(303);
      expect(landing.headers.location).toBe('/dev/mailbox?to=victim%40example.com');
      const cookie = String(landing.headers['set-cookie']);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      const page = await client.get('/dev/mailbox?to=victim%40example.com');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('victim@example.com');
      expect((await client.get('/api/dev/outbox')).statusCode).toBe(200);
    });

    it('answers that carry secrets are never kept by a browser or a proxy, and a hidden route still looks missing', async () => {
      const { client } = await signUpAndConfirm(t.app, 'no-store@example.com');
      const operator = { headers: operatorHeaders };
      const answers = {
        'the mailbox link': await t.app.inject({ method: 'GET', url: `/dev/mailbox?token=${testOperatorToken}` }),
        'the mailbox page': await t.app.inject({ method: 'GET', url: '/dev/mailbox', ...operator }),
        'the outbox API': await t.app.inject({ method: 'GET', url: '/api/dev/outbox', ...operator }),
        'the metrics': await t.app.inject({ method: 'GET', url: '/metrics', ...operator }),
        'a session': await client.get('/api/auth/get-session'),
        'a verification link': await client.get((await latestLinkFor(t.app, 'no-store@example.com')).replace(/^https?:\/\/[^/]+/, '')),
      };
      for (const [label, answer] of Object.entries(answers)) expect(answer.headers['cache-control'], label).toBe('no-store');
      const hidden = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
      const missing = await t.app.inject({ method: 'GET', url: '/dev/nothing-here' });
      expect(hidden.statusCode).toBe(404);
      expect(Object.keys(hidden.headers).filter((name) => !['date', 'x-request-id'].includes(name)).sort()).toEqual(
        Object.keys(missing.headers).filter((name) => !['date', 'x-request-id'].includes(name)).sort(),
      );
    });

    it('moving the test clock and failing a renewal need the operator token', async () => {
      const clock = async () => Date.parse((await t.app.inject({ method: 'GET', url: '/pay/test-clock' })).json().now);
      const before = await clock();
      const anonymous = await t.app.inject({ method: 'POST', url: '/pay/test-clock/advance', payload: { days: 31 } });
      expect(anonymous.statusCode).toBe(404);
      const failRenewal = await t.app.inject({ method: 'POST', url: '/pay/subscriptions/sub_0123abcd/fail-next-renewal', payload: {} });
      expect(failRenewal.statusCode).toBe(404);
      expect((await clock()) - before).toBeLessThan(60_000);
      const operator = await t.app.inject({ method: 'POST', url: '/pay/test-clock/advance', payload: { days: 1 }, headers: operatorHeaders });
      expect(operator.statusCode).toBe(200);
      expect((await clock()) - before).toBeGreaterThan(23 * 60 * 60 * 1000);
    });
  });

  describe('trusted origins with PUBLIC_URL unset (item 4)', () => {
    it.each([['http://127.0.0.2:8080'], ['http://127.0.0.1:8080'], ['http://[::1]:8080'], ['http://localhost:8080']])(
      'signs up from %s',
      async (origin) => {
        const email = `loopback-${new URL(origin).hostname.replace(/\W/g, '')}@example.com`;
        const response = await new TestClient(t.app).post('/api/auth/sign-up/email', signUpBody(email), browserHeaders(origin));
        expect(response.statusCode).toBe(200);
      },
    );

    it('signs up from the address the request came in on (a LAN address)', async () => {
      const origin = 'http://192.168.1.20:8080';
      const response = await new TestClient(t.app).post('/api/auth/sign-up/email', signUpBody('lan@example.com'), browserHeaders(origin));
      expect(response.statusCode).toBe(200);
    });

    it('refuses loopback on another port and a foreign origin, naming PUBLIC_URL', async () => {
      for (const origin of ['http://127.0.0.2:9999', 'http://evil.example']) {
        const response = await new TestClient(t.app).post(
          '/api/auth/sign-up/email',
          signUpBody('elsewhere@example.com'),
          browserHeaders(origin, 'localhost:8080'),
        );
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ error: originMessages.untrusted });
        expect(originMessages.untrusted).toContain('PUBLIC_URL');
      }
    });

    it('puts the public URL in reset links whatever Host the request names', async () => {
      const { email } = await signUpAndConfirm(t.app, 'poisoned@example.com');
      const attacker = new TestClient(t.app);
      await attacker.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }, { host: 'evil.example' });
      expect(await latestLinkFor(t.app, email)).toMatch(/^http:\/\/localhost:8080\/api\/auth\/reset-password\//);
      const absolute = await attacker.post(
        '/api/auth/request-password-reset',
        { email, redirectTo: 'http://evil.example/steal' },
        { ...browserHeaders('http://evil.example'), host: 'evil.example' },
      );
      const link = await latestLinkFor(t.app, email);
      expect(link).toMatch(/^http:\/\/localhost:8080\//);
      if (absolute.statusCode === 200) {
        // Followed by the victim, the link must not hand the token to the attacker's address.
        const followed = await new TestClient(t.app).get(link.replace('http://localhost:8080', ''));
        expect(String(followed.headers.location ?? '')).not.toContain('evil.example');
      }
    });
  });

  describe('anonymous endpoints (item 5)', () => {
    it('create-user answers the same for a matching pair, a wrong pair and an unknown id', async () => {
      const { userId, email } = await signUpAndConfirm(t.app, 'owner@example.com');
      const anonymous = new TestClient(t.app);
      const answers = await Promise.all([
        anonymous.post('/api/create-user', { id: userId, email, name: 'Owner' }),
        anonymous.post('/api/create-user', { id: userId, email: 'someone-else@example.com', name: 'X' }),
        anonymous.post('/api/create-user', { id: 'no-such-user-id', email, name: 'X' }),
      ]);
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({ status: 'success' });
      }
    });

    it('limits anonymous page views per client address', async () => {
      const post = (remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/api/analytics/pageview', payload: { path: '/login' }, remoteAddress });
      const statuses: number[] = [];
      for (let i = 0; i < 121; i += 1) statuses.push((await post('10.9.8.7')).statusCode);
      expect(statuses.slice(0, 120).every((status) => status === 204)).toBe(true);
      const limited = await post('10.9.8.7');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: rateLimitMessages.tooManyRequests });
      expect((await post('10.9.8.6')).statusCode).toBe(204);
    });
  });

  describe('malformed requests (issue: FST_ERR_* answers)', () => {
    const json = { 'content-type': 'application/json' };
    it.each([
      ['a lone percent sign', { method: 'GET', url: '/api/%' }, 400, genericMessages.badRequest],
      ['bad percent-encoding', { method: 'GET', url: '/api/%zz' }, 400, genericMessages.badRequest],
      ['a cut UTF-8 sequence in a signed file URL', { method: 'GET', url: '/files/%E0%A4%A?exp=1&sig=abc' }, 400, genericMessages.badRequest],
      ['an id far past any id', { method: 'GET', url: `/api/jobs/${'x'.repeat(200)}` }, 414, requestMessages.addressTooLong],
      ['JSON that does not parse', { method: 'POST', url: '/api/create-user', headers: json, payload: '{"id":' }, 400, genericMessages.badRequest],
      ['an empty JSON body', { method: 'POST', url: '/api/create-user', headers: json, payload: '' }, 400, genericMessages.badRequest],
      ['JSON that does not parse, to better-auth', { method: 'POST', url: '/api/auth/sign-up/email', headers: json, payload: '{"name":' }, 400, genericMessages.badRequest],
      ['a body of an unknown type', { method: 'POST', url: '/api/create-user', headers: { 'content-type': 'application/x-evil' }, payload: 'x' }, 415, requestMessages.unsupportedBody],
      ['a JSON body over the limit', { method: 'POST', url: '/api/create-user', headers: json, payload: `{"name":"${'x'.repeat(1024 * 1024)}"}` }, 413, requestMessages.tooLarge],
    ] as const)('answers %s in the app’s shape, and changes nothing', async (_label, request, status, message) => {
      const users = await t.database.executeSql('select count(*)::int as n from "user"');
      const response = await t.app.inject({ ...request, headers: { origin: 'http://localhost:8080', ...('headers' in request ? request.headers : {}) } });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error: message });
      expect(await t.database.executeSql('select count(*)::int as n from "user"')).toEqual(users);
    });

    it('answers a URL past the HTTP parser’s limit and a broken request line in the app’s shape', async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = connect({ port: Number(port), host: '127.0.0.1' }, () => socket.end(request));
          let answer = '';
          socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
          socket.on('close', () => resolve(answer));
          socket.on('error', reject);
        });
      const longUrl = await raw(`GET /api/me?${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      expect(longUrl).toMatch(/^HTTP\/1\.1 431 /);
      expect(longUrl.split('\r\n\r\n')[1]).toBe(JSON.stringify({ error: requestMessages.tooLarge }));
      const broken = await raw('GET /api/me HTTP/1.1\r\nHost: localhost\r\nthis is not a header\r\n\r\n');
      expect(broken).toMatch(/^HTTP\/1\.1 400 /);
      expect(broken.split('\r\n\r\n')[1]).toBe(JSON.stringify({ error: genericMessages.badRequest }));
    });
  });

  describe('hostile input (item 13)', () => {
    it.each([['null'], ['not a url'], ['http://['], ['http://localhost:8080/path']])('answers 403 for Origin %j', async (origin) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/create-user', headers: { origin }, payload: { id: 'x', email: 'a@example.com', name: 'A' } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: originMessages.untrusted });
    });

    it('answers 400 for a 50,000-deep JSON body on the auth routes', async () => {
      const depth = 50_000;
      const payload = `{"email":${'['.repeat(depth)}${']'.repeat(depth)},"password":"x"}`;
      for (const url of ['/api/auth/sign-in/email', '/api/auth/sign-up/email']) {
        const response = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
        expect(response.statusCode).toBe(400);
      }
    });
  });
});

describe.each(targets)('with PUBLIC_URL set, on $name (items 4 and 16)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { publicUrl: 'https://reels.example.com', publicUrlConfigured: true });
  });
  afterAll(() => t.close());

  it('trusts only that origin', async () => {
    for (const origin of ['http://localhost:8080', 'http://127.0.0.2:8080', 'http://192.168.1.20:8080']) {
      const response = await new TestClient(t.app).post('/api/auth/sign-up/email', signUpBody('refused@example.com'), browserHeaders(origin));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: originMessages.untrusted });
    }
    const publicOrigin = await new TestClient(t.app).post(
      '/api/auth/sign-up/email',
      signUpBody('public@example.com'),
      browserHeaders('https://reels.example.com'),
    );
    expect(publicOrigin.statusCode).toBe(200);
  });

  it('sends HSTS behind https', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});

describe.each(targets)('security headers on $name (item 16)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  it.each([
    ['an API answer', 'GET', '/api/health'],
    ['a refusal', 'GET', '/api/me/nothing-here'],
    ['a checkout page', 'GET', '/pay/subscriptions/sub_0123abcd'],
    ['a hidden operator route', 'GET', '/dev/mailbox'],
    ['a state-changing call', 'POST', '/api/analytics/pageview'],
  ] as const)('are on %s', async (_label, method, url) => {
    const response = await t.app.inject({ method, url, payload: method === 'POST' ? { path: '/x' } : undefined });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the content security policy (item 16)', () => {
  it('lets media come from the S3 endpoint and Pexels when they are configured, and nowhere else', async () => {
    const csp = async (sources: Parameters<typeof registerSecurityHeaders>[1]) => {
      const app = Fastify();
      await registerSecurityHeaders(app, sources);
      app.get('/', async () => 'ok');
      return String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    };
    const bare = await csp({ publicUrl: 'http://localhost:8080', s3: undefined, pexels: undefined });
    expect(bare).toContain("img-src 'self' data: blob:;");
    expect(bare).toContain("media-src 'self' data: blob:;");
    const configured = await csp({
      publicUrl: 'http://localhost:8080',
      s3: { bucket: 'reels', region: 'eu-west-1', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true },
      pexels: { apiKey: 'k', baseUrl: 'https://api.pexels.com' },
    });
    for (const directive of ['img-src', 'media-src', 'connect-src']) {
      const sources = configured.split(';').find((part) => part.trim().startsWith(directive))!;
      expect(sources).toContain('http://127.0.0.1:9000');
      expect(sources).toContain('https://images.pexels.com');
      expect(sources).toContain('https://videos.pexels.com');
    }
    const aws = await csp({ publicUrl: 'http://localhost:8080', s3: { bucket: 'reels', region: 'eu-west-1', forcePathStyle: false }, pexels: undefined });
    expect(aws).toContain('https://reels.s3.eu-west-1.amazonaws.com');
  });
});
