import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { checkout, invoice, paymentEvent, user } from '../schema.ts';

export type CheckoutRecord = typeof checkout.$inferSelect;
export type InvoiceRecord = typeof invoice.$inferSelect;

export function createBillingRepository(db: Database) {
  return {
    async addCheckout(record: typeof checkout.$inferInsert): Promise<CheckoutRecord> {
      const [row] = await db.insert(checkout).values(record).returning();
      return row!;
    },
    async checkoutByRef(providerRef: string): Promise<CheckoutRecord | undefined> {
      const rows = await db.select().from(checkout).where(eq(checkout.providerRef, providerRef));
      return rows[0];
    },
    async setCheckoutStatus(id: string, status: string): Promise<void> {
      await db.update(checkout).set({ status, updatedAt: new Date() }).where(eq(checkout.id, id));
    },
    async updateCheckout(id: string, changes: Pick<Partial<CheckoutRecord>, 'status' | 'periodStart' | 'eventAt'>): Promise<void> {
      await db.update(checkout).set({ ...changes, updatedAt: new Date() }).where(eq(checkout.id, id));
    },
    async checkoutsOf(userId: string): Promise<CheckoutRecord[]> {
      return db.select().from(checkout).where(eq(checkout.userId, userId)).orderBy(desc(checkout.createdAt), desc(checkout.id));
    },
    /** The one purchase the user may still complete: the newest checkout; every earlier one was cancelled. */
    async newestCheckoutOf(userId: string): Promise<CheckoutRecord | undefined> {
      return (await this.checkoutsOf(userId))[0];
    },
    /** True the first time an event id is seen; a replayed webhook answers false and is not applied again. */
    async recordEvent(id: string, type: string): Promise<boolean> {
      const rows = await db.insert(paymentEvent).values({ id, type }).onConflictDoNothing().returning({ id: paymentEvent.id });
      return rows.length === 1;
    },
    async forgetEvent(id: string): Promise<void> {
      await db.delete(paymentEvent).where(eq(paymentEvent.id, id));
    },
    /**
     * One document per payment or refund: the reference is unique, so a second call returns the first. Invoices and
     * credit notes are numbered in series of their own.
     */
    async addInvoice(record: Omit<typeof invoice.$inferInsert, 'number'>, numberFor: (sequence: number) => string): Promise<InvoiceRecord> {
      for (let attempt = 0; ; attempt += 1) {
        const existing = await db.select().from(invoice).where(eq(invoice.paymentRef, record.paymentRef));
        if (existing[0]) return existing[0];
        const [{ n }] = (await db
          .select({ n: count() })
          .from(invoice)
          .where(eq(invoice.kind, record.kind ?? 'invoice'))) as [{ n: number }];
        const rows = await db
          .insert(invoice)
          .values({ ...record, number: numberFor(n + 1 + attempt) })
          .onConflictDoNothing()
          .returning();
        if (rows[0]) return rows[0];
      }
    },
    /** Who an invoice is billed to: the account's name and email now, printed on the invoice and kept as printed. */
    async buyerOf(userId: string): Promise<{ name: string; email: string } | undefined> {
      const rows = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
      return rows[0];
    },
    async invoiceForPayment(paymentRef: string): Promise<InvoiceRecord | undefined> {
      const rows = await db.select().from(invoice).where(eq(invoice.paymentRef, paymentRef));
      return rows[0];
    },
    async creditNoteFor(invoiceId: string): Promise<InvoiceRecord | undefined> {
      const rows = await db.select().from(invoice).where(eq(invoice.creditsInvoiceId, invoiceId));
      return rows[0];
    },
    async invoicesOf(userId: string): Promise<InvoiceRecord[]> {
      return db.select().from(invoice).where(eq(invoice.userId, userId)).orderBy(desc(invoice.issuedAt), desc(invoice.number));
    },
    async invoiceOf(userId: string, id: string): Promise<InvoiceRecord | undefined> {
      const rows = await db.select().from(invoice).where(eq(invoice.id, id));
      return rows[0]?.userId === userId ? rows[0] : undefined;
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
