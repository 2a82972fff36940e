import { desc, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { emailOutbox } from '../schema.ts';

export interface StoredMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: Date;
}

export function createOutboxRepository(db: Database) {
  return {
    async add(mail: Omit<StoredMail, 'createdAt'>): Promise<void> {
      await db.insert(emailOutbox).values({ ...mail, to: mail.to.toLowerCase() });
    },
    /** Newest first; ids break ties between mails stored within the same millisecond. */
    async list(options: { to?: string; limit?: number } = {}): Promise<StoredMail[]> {
      const query = db
        .select({
          to: emailOutbox.to,
          subject: emailOutbox.subject,
          text: emailOutbox.text,
          html: emailOutbox.html,
          links: emailOutbox.links,
          createdAt: emailOutbox.createdAt,
        })
        .from(emailOutbox)
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(options.limit ?? 200);
      return options.to ? query.where(eq(emailOutbox.to, options.to.toLowerCase())) : query;
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
