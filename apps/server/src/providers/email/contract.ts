import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailSender, OutgoingMail } from './types.ts';

const mail: OutgoingMail = {
  to: 'reader@example.com',
  subject: 'Confirm your Reelsmith email',
  text: 'Reelsmith\n\nConfirm: http://localhost:8080/confirm?token=abc',
  html: '<p>Reelsmith</p><a href="http://localhost:8080/confirm?token=abc">Confirm</a>',
  links: ['http://localhost:8080/confirm?token=abc'],
};

/** One sender as the contract drives it: what it delivered, read back from where it delivers. */
export interface SenderUnderTest {
  sender: EmailSender;
  delivered(): Promise<Array<{ to: string; content: string }>>;
  close(): Promise<void>;
}

/** What every email sender promises the account emails; each sender's test file runs it. */
export function describeEmailContract(name: string, setup: () => Promise<SenderUnderTest>) {
  describe(`email sender contract: ${name}`, () => {
    let subject: SenderUnderTest;
    beforeAll(async () => {
      subject = await setup();
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
}
