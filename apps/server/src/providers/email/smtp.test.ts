import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describeEmailContract } from './contract.ts';
import { createSmtpSender } from './smtp.ts';

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

describeEmailContract('smtp', async () => {
  const server = await startSmtpServer();
  return {
    sender: createSmtpSender(`smtp://127.0.0.1:${server.port}?ignoreTLS=true`, 'Reelsmith <no-reply@reelsmith.local>'),
    delivered: async () => server.received.map((r) => ({ to: r.to, content: r.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=') })),
    close: server.close,
  };
});
