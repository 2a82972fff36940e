import { openPglite } from '../../db/client.ts';
import { createGatewayRepository } from '../../db/repositories/gateway.ts';
import { contractWebhookSecret, describePaymentContract, type SignedEvent } from './contract.ts';
import { createTestGateway } from './test-gateway.ts';

describePaymentContract('test gateway', async () => {
  const database = await openPglite('memory://');
  await database.migrate();
  const delivered: SignedEvent[] = [];
  const gateway = createTestGateway({
    books: createGatewayRepository(database.db),
    publicUrl: 'http://localhost:8080',
    webhookSecret: contractWebhookSecret,
    deliver: async (rawBody, headers) => {
      delivered.push({ rawBody, signature: headers['x-razorpay-signature']!, eventId: headers['x-razorpay-event-id']! });
    },
  });
  return {
    provider: gateway.provider,
    async paySubscription(id) {
      await gateway.paySubscription(id);
      return delivered.at(-1)!;
    },
    async payLink(id) {
      await gateway.payLink(id);
      return delivered.at(-1)!;
    },
    close: () => database.close(),
  };
});
