import nodemailer from 'nodemailer';
import type { EmailSender, OutgoingMail } from './types.ts';

export function createSmtpSender(smtpUrl: string, from: string): EmailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail: OutgoingMail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
  };
}
