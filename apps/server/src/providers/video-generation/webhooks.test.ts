import { createHash, createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebhookRefused, type WebhookDelivery } from './types.ts';
import { retryAfterSeconds } from './vendor-http.ts';
import { createReplayGuard, verifyFalWebhook, verifyReplicateWebhook, webhookToleranceSeconds, type Ed25519Jwk } from './webhooks.ts';

const now = Date.parse('2030-01-01T00:00:00Z');
const seconds = (ms: number) => String(Math.floor(ms / 1000));
const rawBody = Buffer.from('{"request_id":"req-1","status":"OK","payload":{"video":{"url":"https://v3.fal.media/a.mp4"}}}');

describe('verifyFalWebhook', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const other = generateKeyPairSync('ed25519');
  const keys = [other.publicKey.export({ format: 'jwk' }), publicKey.export({ format: 'jwk' })] as Ed25519Jwk[];
  const delivery = (body = rawBody, at = now, key = privateKey): WebhookDelivery => {
    const timestamp = seconds(at);
    const message = ['req-1', 'user-9', timestamp, createHash('sha256').update(body).digest('hex')].join('\n');
    const signature = sign(null, Buffer.from(message), key).toString('hex');
    return { rawBody: body, headers: { 'x-fal-webhook-request-id': 'req-1', 'x-fal-webhook-user-id': 'user-9', 'x-fal-webhook-timestamp': timestamp, 'x-fal-webhook-signature': signature } };
  };

  it('accepts a body signed with any of the published keys, answering the request id', () => {
    expect(verifyFalWebhook(delivery(), keys, now)).toBe('req-1');
    expect(verifyFalWebhook(delivery(rawBody, now - 299_000), keys, now)).toBe('req-1');
  });

  it('refuses a changed body, another signer, another request id, a stale or future timestamp, a missing header', () => {
    const good = delivery();
    const refusals: WebhookDelivery[] = [
      { ...good, rawBody: Buffer.from(rawBody.toString().replace('a.mp4', 'b.mp4')) },
      delivery(rawBody, now, generateKeyPairSync('ed25519').privateKey),
      { ...good, headers: { ...good.headers, 'x-fal-webhook-request-id': 'req-2' } },
      delivery(rawBody, now - (webhookToleranceSeconds + 5) * 1000),
      delivery(rawBody, now + (webhookToleranceSeconds + 5) * 1000),
      { ...good, headers: { ...good.headers, 'x-fal-webhook-signature': 'not hex' } },
      { ...good, headers: { ...good.headers, 'x-fal-webhook-user-id': undefined } },
    ];
    for (const [i, refused] of refusals.entries()) expect(() => verifyFalWebhook(refused, keys, now), `case ${i}`).toThrow(WebhookRefused);
    expect(() => verifyFalWebhook(good, [{ kty: 'OKP', crv: 'Ed25519', x: '!!' }], now)).toThrow(WebhookRefused);
  });
});

describe('verifyReplicateWebhook', () => {
  const secret = `whsec_${Buffer.from('a webhook signing secret').toString('base64')}`;
  const delivery = (body = rawBody, at = now, key = secret, extra = ''): WebhookDelivery => {
    const timestamp = seconds(at);
    const mac = createHmac('sha256', Buffer.from(key.slice(6), 'base64')).update(`msg_1.${timestamp}.${body.toString()}`).digest('base64');
    return { rawBody: body, headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': timestamp, 'webhook-signature': `${extra}v1,${mac}` } };
  };

  it('accepts a signature made with the secret, also among several (key rotation)', () => {
    expect(verifyReplicateWebhook(delivery(), secret, now)).toBe('msg_1');
    expect(verifyReplicateWebhook(delivery(rawBody, now, secret, 'v1,b2xkIHNpZ25hdHVyZQ== '), secret, now)).toBe('msg_1');
  });

  it('refuses another secret, a changed body, a stale timestamp, an unknown signature version', () => {
    const good = delivery();
    const refusals: WebhookDelivery[] = [
      delivery(rawBody, now, `whsec_${Buffer.from('another secret').toString('base64')}`),
      { ...good, rawBody: Buffer.from(`${rawBody.toString()} `) },
      delivery(rawBody, now - (webhookToleranceSeconds + 5) * 1000),
      { ...good, headers: { ...good.headers, 'webhook-signature': String(good.headers['webhook-signature']).replace('v1,', 'v2,') } },
      { ...good, headers: { ...good.headers, 'webhook-id': 'msg_2' } },
    ];
    for (const [i, refused] of refusals.entries()) expect(() => verifyReplicateWebhook(refused, secret, now), `case ${i}`).toThrow(WebhookRefused);
  });
});

describe('createReplayGuard', () => {
  it('lets an id through once while its timestamp could still be accepted, and forgets it afterwards', () => {
    let clock = now;
    const guard = createReplayGuard(() => clock);
    expect(guard.firstSighting('msg_1.100')).toBe(true);
    expect(guard.firstSighting('msg_1.100')).toBe(false);
    expect(guard.firstSighting('msg_1.200')).toBe(true);
    clock += 2 * webhookToleranceSeconds * 1000 - 1;
    expect(guard.firstSighting('msg_1.100')).toBe(false);
    clock += 2;
    expect(guard.firstSighting('msg_1.100')).toBe(true);
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterSeconds('7')).toBe(7);
    expect(retryAfterSeconds(new Date(now + 12_000).toUTCString(), now)).toBe(12);
    expect(retryAfterSeconds(new Date(now - 5000).toUTCString(), now)).toBe(0);
    expect(retryAfterSeconds('soon')).toBeUndefined();
    expect(retryAfterSeconds(null)).toBeUndefined();
  });
});
