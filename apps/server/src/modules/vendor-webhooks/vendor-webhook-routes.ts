import { vendorWebhookEndpoints } from '@reelsmith/contracts';
import type { FastifyInstance } from 'fastify';
import type { EndpointRouter } from '../../http/endpoint-router.ts';
import type { VendorWebhooks, WebhookResult } from './vendor-webhooks.ts';

/** A Replicate prediction echoes its input, which may hold a still inline (under 1 MB as base64). */
const bodyLimit = 4 * 1024 * 1024;

const answers: Record<Exclude<WebhookResult['kind'], 'settled' | 'ignored'>, { status: number; error: string }> = {
  refused: { status: 401, error: 'Invalid signature.' },
  unknown: { status: 404, error: 'No such generation.' },
  notTaken: { status: 404, error: 'This vendor is not set up to send webhooks here.' },
  unverifiable: { status: 503, error: 'The signature cannot be checked right now; deliver again later.' },
};

/**
 * The video vendors' webhooks. The signatures cover the exact bytes sent, so these routes keep the raw body; a
 * delivery that is refused changes nothing.
 */
export async function registerVendorWebhookRoutes(app: FastifyInstance, router: EndpointRouter, deps: { webhooks: VendorWebhooks; logError: (line: string) => void }) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
    const scoped = router.within(scope);
    for (const vendor of ['fal', 'replicate'] as const) {
      scoped.route(vendorWebhookEndpoints[vendor], async ({ request, reply }) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await deps.webhooks.receive(vendor, { headers: request.headers, rawBody });
        if (result.kind === 'settled' || result.kind === 'ignored') return { status: 'ok' as const };
        if ('reason' in result) deps.logError(`${vendor} webhook ${result.kind}: ${result.reason}`);
        const answer = answers[result.kind];
        return reply.status(answer.status).send({ error: answer.error });
      });
    }
  });
}
