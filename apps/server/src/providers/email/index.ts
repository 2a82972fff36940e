import type { OutboxRepository } from '../../db/repositories/outbox.ts';
import { createOutboxSender } from './outbox.ts';
import { createSmtpSender } from './smtp.ts';
import type { EmailSender } from './types.ts';

export type { EmailSender, OutgoingMail } from './types.ts';

export function createEmailSender(
  options: { smtpUrl: string | undefined; mailFrom: string },
  outbox: OutboxRepository,
): EmailSender {
  return options.smtpUrl ? createSmtpSender(options.smtpUrl, options.mailFrom) : createOutboxSender(outbox);
}
