import type { OutboxRepository } from '../../db/repositories/outbox.ts';
import type { EmailSender, OutgoingMail } from './types.ts';

/** The embedded default: mail is stored, not sent. Its links open accounts, so they are read in /dev/mailbox, not logged. */
export function createOutboxSender(outbox: OutboxRepository): EmailSender {
  return {
    kind: 'outbox',
    async send(mail: OutgoingMail) {
      await outbox.add(mail);
    },
  };
}
