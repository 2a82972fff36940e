import { createHash, createHmac, createPublicKey, timingSafeEqual, verify } from 'node:crypto';
import { WebhookRefused, type WebhookDelivery } from './types.ts';

/** How far a webhook's timestamp may be from our clock, either way: both vendors' documented five minutes. */
export const webhookToleranceSeconds = 300;

function header(delivery: WebhookDelivery, name: string): string {
  const value = delivery.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (!first) throw new WebhookRefused(`the ${name} header is missing`);
  return first;
}

function checkFreshness(timestamp: string, nowMs: number): void {
  if (!/^\d+$/.test(timestamp)) throw new WebhookRefused('the webhook timestamp is not a number of seconds');
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > webhookToleranceSeconds) throw new WebhookRefused('the webhook timestamp is too old or in the future');
}

/** An Ed25519 public key as fal's JWKS lists it. */
export interface Ed25519Jwk {
  kty: string;
  crv: string;
  x: string;
  kid?: string;
}

/**
 * fal signs `request id \n user id \n timestamp \n hex SHA-256 of the body` with Ed25519 (hex signature) under one of
 * the keys its JWKS lists. Answers the request id the webhook is about; throws WebhookRefused otherwise.
 */
export function verifyFalWebhook(delivery: WebhookDelivery, keys: readonly Ed25519Jwk[], nowMs = Date.now()): string {
  const requestId = header(delivery, 'x-fal-webhook-request-id');
  const userId = header(delivery, 'x-fal-webhook-user-id');
  const timestamp = header(delivery, 'x-fal-webhook-timestamp');
  const signatureHex = header(delivery, 'x-fal-webhook-signature');
  checkFreshness(timestamp, nowMs);
  if (!/^([0-9a-f]{2})+$/i.test(signatureHex)) throw new WebhookRefused('the fal signature is not hex');
  const digest = createHash('sha256').update(delivery.rawBody).digest('hex');
  const message = Buffer.from([requestId, userId, timestamp, digest].join('\n'));
  const signature = Buffer.from(signatureHex, 'hex');
  const signedByFal = keys.some((jwk) => {
    if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519') return false;
    try {
      return verify(null, message, createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, format: 'jwk' }), signature);
    } catch {
      // A key that does not load (a malformed `x`) proves nothing: the next key may.
      return false;
    }
  });
  if (!signedByFal) throw new WebhookRefused('the fal signature does not match any of its published keys');
  return requestId;
}

/**
 * Replicate signs `webhook-id.webhook-timestamp.body` with HMAC-SHA256 under the base64 part of its `whsec_`
 * secret; `webhook-signature` lists space-separated `v1,<base64>` signatures, any of which may match (key
 * rotation). Answers the webhook id (one per event, kept on redelivery); throws WebhookRefused otherwise.
 */
export function verifyReplicateWebhook(delivery: WebhookDelivery, secret: string, nowMs = Date.now()): string {
  const id = header(delivery, 'webhook-id');
  const timestamp = header(delivery, 'webhook-timestamp');
  const signatures = header(delivery, 'webhook-signature');
  checkFreshness(timestamp, nowMs);
  const key = Buffer.from(secret.split('_').pop()!, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(delivery.rawBody).digest();
  const matches = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookRefused('the Replicate signature does not match the webhook secret');
  return id;
}

/**
 * Remembers the deliveries seen while their timestamps are acceptable, so that a captured delivery sent again is
 * refused (a later one is refused by its timestamp). Key a delivery by its id and timestamp: vendors redeliver a
 * webhook we failed to take with a new timestamp, and that must still get through. Per process: the job applying a
 * status must still be idempotent.
 */
export function createReplayGuard(clock: () => number = Date.now) {
  const seen = new Map<string, number>();
  return {
    /** True the first time an id is offered; false for a replay. */
    firstSighting(id: string): boolean {
      const now = clock();
      for (const [key, at] of seen) {
        // A timestamp is accepted up to the tolerance either side of our clock, so a replay can come twice that late.
        if (now - at <= 2 * webhookToleranceSeconds * 1000) break;
        seen.delete(key);
      }
      if (seen.has(id)) return false;
      seen.set(id, now);
      return true;
    },
  };
}

export type ReplayGuard = ReturnType<typeof createReplayGuard>;
