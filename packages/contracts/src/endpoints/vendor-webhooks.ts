import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

const tag = 'vendor webhooks';
const accepted = z.object({ status: z.literal('ok') });

/** Where the video generation vendors announce a generation's end; polling finds it too, later. */
export const vendorWebhookEndpoints = {
  fal: defineEndpoint({
    method: 'POST',
    path: '/api/webhooks/fal',
    summary: "fal.ai's webhook: checked by its Ed25519 signature over the raw body (fal's published keys); settles the generation it names.",
    tag,
    access: 'signature',
    body: 'raw',
    request: z.unknown(),
    response: accepted,
  }),
  replicate: defineEndpoint({
    method: 'POST',
    path: '/api/webhooks/replicate',
    summary: "Replicate's webhook: checked by its HMAC signature over the raw body (REPLICATE_WEBHOOK_SECRET); settles the prediction it carries.",
    tag,
    access: 'signature',
    body: 'raw',
    request: z.unknown(),
    response: accepted,
  }),
} as const;
