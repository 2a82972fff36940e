import type { OutboxRepository } from '../../db/repositories/outbox.ts';
import type { EmailSender, OutgoingMail } from './types.ts';

/** The embedded default: mail is stored, not sent, and its links are logged so a developer can follow them. */
export function createOutboxSender(outbox: OutboxRepository, log: (line: string) => void): EmailSender {
  return {
    kind: 'outbox',
    async send(mail: OutgoingMail) {
      await outbox.add(mail);
      log(`[outbox] mail to ${mail.to}: "${mail.subject}" ${mail.links.join(' ')}`);
    },
  };
}
