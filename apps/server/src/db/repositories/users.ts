import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { session, user, userProfile } from '../schema.ts';

export interface AccountRecord {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  disabled: boolean;
  createdAt: Date;
}

const accountColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  emailVerified: user.emailVerified,
  disabled: user.disabled,
  createdAt: user.createdAt,
};

export function createUsersRepository(db: Database) {
  return {
    async findByEmail(email: string): Promise<AccountRecord | undefined> {
      const rows = await db.select(accountColumns).from(user).where(eq(user.email, email.toLowerCase())).limit(1);
      return rows[0];
    },
    async findById(id: string): Promise<AccountRecord | undefined> {
      const rows = await db.select(accountColumns).from(user).where(eq(user.id, id)).limit(1);
      return rows[0];
    },
    /** The session a cookie names and its account, in one round trip: every signed-in request asks this. */
    async findSessionAccount(token: string) {
      const rows = await db
        .select({ expiresAt: session.expiresAt, id: user.id, email: user.email, name: user.name, disabled: user.disabled })
        .from(session)
        .innerJoin(user, eq(user.id, session.userId))
        .where(eq(session.token, token))
        .limit(1);
      return rows[0];
    },
    /** The token of the session with this id, for revoking a session its owner knows only by id. */
    async sessionTokenById(id: string): Promise<string | undefined> {
      const rows = await db.select({ token: session.token }).from(session).where(eq(session.id, id)).limit(1);
      return rows[0]?.token;
    },
    async setDisabled(id: string, disabled: boolean): Promise<void> {
      await db.update(user).set({ disabled, updatedAt: new Date() }).where(eq(user.id, id));
    },
    /** Idempotent: a second call for the same account changes nothing. */
    async ensureProfile(profile: { userId: string; email: string; name: string }): Promise<void> {
      await db.insert(userProfile).values(profile).onConflictDoNothing({ target: userProfile.userId });
    },
    async findProfile(userId: string) {
      const rows = await db.select().from(userProfile).where(eq(userProfile.userId, userId)).limit(1);
      return rows[0];
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
