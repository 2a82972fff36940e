import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type DatabaseHandle } from '../../db/client.ts';
import { createOutboxRepository } from '../../db/repositories/outbox.ts';
import { createOutboxSender } from './outbox.ts';
import { createSmtpSender } from './smtp.ts';
import type { EmailSender, OutgoingMail } from './types.ts';

interface Received {
  to: string;
  raw: string;
}

/** A real SMTP peer on loopback: what the SMTP adapter sends is what a mail server receives. */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const mail: OutgoingMail = {
  to: 'reader@example.com',
  subject: 'Confirm your Reelsmith email',
  text: 'Reelsmith\n\nConfirm: http://localhost:8080/confirm?token=abc',
  html: '<p>Reelsmith</p><a href="http://localhost:8080/confirm?token=abc">Confirm</a>',
  links: ['http://localhost:8080/confirm?token=abc'],
};

interface SenderUnderTest {
  sender: EmailSender;
  delivered(): Promise<Array<{ to: string; content: string }>>;
  close(): Promise<void>;
}

const senders: Array<[string, () => Promise<SenderUnderTest>]> = [
  [
    'outbox',
    async () => {
      const database: DatabaseHandle = await openPglite('memory://');
      await database.migrate();
      const outbox = createOutboxRepository(database.db);
      return {
        sender: createOutboxSender(outbox),
        delivered: async () => (await outbox.list()).map((m) => ({ to: m.to, content: `${m.subject}\n${m.text}\n${m.html}` })),
        close: () => database.close(),
      };
    },
  ],
  [
    'smtp',
    async () => {
      const server = await startSmtpServer();
      return {
        sender: createSmtpSender(`smtp://127.0.0.1:${server.port}?ignoreTLS=true`, 'Reelsmith <no-reply@reelsmith.local>'),
        delivered: async () => server.received.map((r) => ({ to: r.to, content: r.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=') })),
        close: server.close,
      };
    },
  ],
];

describe.each(senders)('email sender contract: %s', (_name, make) => {
  let subject: SenderUnderTest;
  beforeAll(async () => {
    subject = await make();
  });
  afterAll(() => subject.close());

  it('delivers the subject, the text and the HTML with the link to the recipient', async () => {
    await subject.sender.send(mail);
    const [delivered] = await subject.delivered();
    expect(delivered!.to).toBe('reader@example.com');
    expect(delivered!.content).toContain('Confirm your Reelsmith email');
    expect(delivered!.content).toContain('http://localhost:8080/confirm?token=abc');
    expect(delivered!.content).toContain('<a href="http://localhost:8080/confirm?token=abc">');
  });
});
