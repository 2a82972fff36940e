import { billingEndpoints } from '@reelsmith/contracts';
import type { FastifyInstance } from 'fastify';
import type { PaymentProvider } from '../../providers/payments/types.ts';
import type { BillingService } from './billing.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

export const paymentWebhookPath = billingEndpoints.webhook.path;

/**
 * The provider's webhooks. The signature covers the exact bytes sent, so this route keeps the raw body; a request
 * whose signature does not match changes nothing.
 */
export async function registerPaymentWebhookRoutes(
  app: FastifyInstance,
  router: EndpointRouter,
  deps: { provider: PaymentProvider; billing: BillingService },
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    router.within(scope).route(billingEndpoints.webhook, async ({ request, reply }) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['x-razorpay-signature'];
      if (!deps.provider.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined)) {
        return reply.status(400).send({ error: 'Invalid signature.' });
      }
      const eventId = request.headers['x-razorpay-event-id'];
      let event;
      try {
        event = deps.provider.parseWebhook(raw, typeof eventId === 'string' ? eventId : undefined);
      } catch {
        return reply.status(400).send({ error: 'Invalid event.' });
      }
      await deps.billing.applyEvent(event);
      return { status: 'ok' as const };
    });
  });
}
