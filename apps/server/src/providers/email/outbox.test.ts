import { openPglite } from '../../db/client.ts';
import { createOutboxRepository } from '../../db/repositories/outbox.ts';
import { describeEmailContract } from './contract.ts';
import { createOutboxSender } from './outbox.ts';

describeEmailContract('outbox', async () => {
  const database = await openPglite('memory://');
  await database.migrate();
  const outbox = createOutboxRepository(database.db);
  return {
    sender: createOutboxSender(outbox),
    delivered: async () => (await outbox.list()).map((m) => ({ to: m.to, content: `${m.subject}\n${m.text}\n${m.html}` })),
    close: () => database.close(),
  };
});
