import { asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  account,
  brand,
  businessProfile,
  checkout,
  emailOutbox,
  idea,
  invoice,
  jobStatus,
  pageView,
  project,
  rateLimit,
  session,
  subscription,
  upload,
  user,
  userProfile,
  verification,
  videoGeneration,
} from '../schema.ts';

/**
 * Everything stored about one user, read for their export, and their erasure. Every table with a user id is named
 * here; test/account-data.test.ts checks that no such table keeps a row of a deleted user.
 */
export function createAccountDataRepository(db: Database) {
  return {
    /** Every record of the user, as stored; secrets (password hash, session tokens) are left out. */
    async snapshot(userId: string) {
      const [person] = await db.select().from(user).where(eq(user.id, userId));
      if (!person) return undefined;
      const [profile, logins, sessions, brands, business, plan, purchases, invoices, projects, ideas, uploads, jobs, generations, views] = await Promise.all([
        db.select().from(userProfile).where(eq(userProfile.userId, userId)),
        db.select({ providerId: account.providerId, createdAt: account.createdAt, updatedAt: account.updatedAt }).from(account).where(eq(account.userId, userId)),
        db
          .select({ createdAt: session.createdAt, updatedAt: session.updatedAt, expiresAt: session.expiresAt, ipAddress: session.ipAddress, userAgent: session.userAgent })
          .from(session)
          .where(eq(session.userId, userId))
          .orderBy(asc(session.createdAt)),
        db.select().from(brand).where(eq(brand.userId, userId)).orderBy(asc(brand.ordinal)),
        db.select().from(businessProfile).where(eq(businessProfile.userId, userId)).orderBy(asc(businessProfile.updatedAt)),
        db.select().from(subscription).where(eq(subscription.userId, userId)),
        db.select().from(checkout).where(eq(checkout.userId, userId)).orderBy(asc(checkout.createdAt)),
        db.select().from(invoice).where(eq(invoice.userId, userId)).orderBy(asc(invoice.issuedAt), asc(invoice.number)),
        db.select().from(project).where(eq(project.userId, userId)).orderBy(asc(project.createdAt)),
        db.select().from(idea).where(eq(idea.userId, userId)).orderBy(asc(idea.createdAt), asc(idea.position)),
        db.select().from(upload).where(eq(upload.userId, userId)).orderBy(asc(upload.createdAt)),
        db
          .select({
            id: jobStatus.id,
            kind: jobStatus.queue,
            state: jobStatus.state,
            percent: jobStatus.percent,
            result: jobStatus.result,
            error: jobStatus.error,
            createdAt: jobStatus.createdAt,
            updatedAt: jobStatus.updatedAt,
          })
          .from(jobStatus)
          .where(eq(jobStatus.userId, userId))
          .orderBy(asc(jobStatus.createdAt)),
        db.select().from(videoGeneration).where(eq(videoGeneration.userId, userId)).orderBy(asc(videoGeneration.createdAt)),
        db.select({ path: pageView.path, referrer: pageView.referrer, createdAt: pageView.createdAt }).from(pageView).where(eq(pageView.userId, userId)).orderBy(asc(pageView.createdAt)),
      ]);
      return {
        user: { id: person.id, name: person.name, email: person.email, emailVerified: person.emailVerified, createdAt: person.createdAt, updatedAt: person.updatedAt },
        profile: profile[0] ?? null,
        logins,
        sessions,
        brands,
        businessProfiles: business,
        subscription: plan[0] ?? null,
        purchases,
        invoices,
        projects,
        ideas,
        uploads,
        jobs,
        videoGenerations: generations,
        pageViews: views,
      };
    },

    /**
     * Deletes the user and every row of theirs in one transaction. Invoices and credit notes stay (tax law), detached
     * from the account with the name and email they were issued to. Rows that name the user without a foreign key
     * go explicitly: reset tokens, mail kept in the outbox, page views, the per-user rate-limit counters.
     */
    async erase(target: { userId: string; email: string }): Promise<{ invoicesKept: number }> {
      const { userId } = target;
      const email = target.email.toLowerCase();
      return db.transaction(async (tx) => {
        const kept = await tx.update(invoice).set({ userId: null }).where(eq(invoice.userId, userId)).returning({ id: invoice.id });
        await tx.delete(pageView).where(eq(pageView.userId, userId));
        await tx.delete(verification).where(or(eq(verification.value, userId), eq(verification.identifier, email)));
        await tx.delete(emailOutbox).where(eq(emailOutbox.to, email));
        // Per-user limits key on `…:user:<id>` (modules/account-data).
        const suffix = `:user:${userId}`;
        await tx.delete(rateLimit).where(sql`right(${rateLimit.key}, ${suffix.length}) = ${suffix}`);
        // Every other table cascades from the user: sessions, logins, profile, plan, purchases, projects, ideas,
        // uploads, job statuses, video generations, the business profile.
        await tx.delete(user).where(eq(user.id, userId));
        return { invoicesKept: kept.length };
      });
    },
  };
}

export type AccountDataRepository = ReturnType<typeof createAccountDataRepository>;
export type AccountSnapshot = NonNullable<Awaited<ReturnType<AccountDataRepository['snapshot']>>>;
