import { and, count, desc, eq, gte, inArray, isNull, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { checkout, invoice, invoicePdf, paymentEvent, user } from '../schema.ts';

export type CheckoutRecord = typeof checkout.$inferSelect;
export type InvoiceRecord = typeof invoice.$inferSelect;
export type CheckoutRequest = Pick<typeof checkout.$inferInsert, 'id' | 'userId' | 'kind' | 'planId' | 'gstInvoice'>;

export function createBillingRepository(db: Database) {
  return {
    /**
     * Reserves the user's one open checkout in one transaction: their unpaid checkouts (no period applied) become
     * 'superseding' (to be closed at the provider) and a row in 'opening' takes the place. The unique index on a user's open checkouts
     * ('opening' or 'created') decides between concurrent purchases: the later one finds the first's row and gets
     * undefined. A reservation still 'opening' after `abandonedAfterMs` was left by a process that died: it is dropped.
     * Answers the checkouts to close, those marked now and any that an earlier attempt could not close.
     */
    async reserveCheckout(request: CheckoutRequest, abandonedAfterMs: number): Promise<CheckoutRecord[] | undefined> {
      const ofUser = eq(checkout.userId, request.userId);
      try {
        return await db.transaction(async (tx) => {
          const abandoned = sql`${checkout.createdAt} + make_interval(secs => ${abandonedAfterMs / 1000}) <= now()`;
          await tx.delete(checkout).where(and(ofUser, eq(checkout.status, 'opening'), abandoned));
          const unpaid = and(ofUser, inArray(checkout.status, ['created', 'authenticated']), isNull(checkout.periodStart));
          await tx.update(checkout).set({ status: 'superseding', updatedAt: new Date() }).where(unpaid);
          const reserved = await tx
            .insert(checkout)
            .values({ ...request, status: 'opening', providerRef: `opening:${request.id}`, shortUrl: '' })
            .onConflictDoNothing()
            .returning({ id: checkout.id });
          if (reserved.length === 0) tx.rollback();
          return tx.select().from(checkout).where(and(ofUser, eq(checkout.status, 'superseding')));
        });
      } catch (error) {
        if (error instanceof TransactionRollbackError) return undefined;
        throw error;
      }
    },
    /** The reserved row becomes the provider's checkout; false when the reservation was dropped meanwhile. */
    async completeCheckout(id: string, opened: Pick<CheckoutRecord, 'providerRef' | 'status' | 'shortUrl'>): Promise<boolean> {
      const rows = await db
        .update(checkout)
        .set({ ...opened, updatedAt: new Date() })
        .where(and(eq(checkout.id, id), eq(checkout.status, 'opening')))
        .returning({ id: checkout.id });
      return rows.length === 1;
    },
    /** Records how a replaced checkout was closed, unless a payment arriving meanwhile already settled it. */
    async settleSuperseded(id: string, status: 'superseded' | 'replaced'): Promise<void> {
      await db.update(checkout).set({ status, updatedAt: new Date() }).where(and(eq(checkout.id, id), eq(checkout.status, 'superseding')));
    },
    /** Gives up a reservation that made nothing at the provider. */
    async releaseCheckout(id: string): Promise<void> {
      await db.delete(checkout).where(and(eq(checkout.id, id), eq(checkout.status, 'opening')));
    },
    async checkoutByRef(providerRef: string): Promise<CheckoutRecord | undefined> {
      const rows = await db.select().from(checkout).where(eq(checkout.providerRef, providerRef));
      return rows[0];
    },
    async setCheckoutStatus(id: string, status: string): Promise<void> {
      await db.update(checkout).set({ status, updatedAt: new Date() }).where(eq(checkout.id, id));
    },
    /** A trial link is paid by one payment, the one that claims it first: true when that is `paymentRef`. */
    async claimTrialCheckout(id: string, paymentRef: string): Promise<boolean> {
      await db.update(checkout).set({ status: 'paid', paymentRef, updatedAt: new Date() }).where(and(eq(checkout.id, id), isNull(checkout.paymentRef)));
      const [row] = await db.select({ paymentRef: checkout.paymentRef }).from(checkout).where(eq(checkout.id, id));
      return row?.paymentRef === paymentRef;
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
    /** The invoice (not a credit note) of the user's plan period that starts then. */
    async invoiceForPeriod(userId: string, periodStart: Date): Promise<InvoiceRecord | undefined> {
      const rows = await db
        .select()
        .from(invoice)
        .where(and(eq(invoice.userId, userId), eq(invoice.kind, 'invoice'), eq(invoice.periodStart, periodStart)));
      return rows[0];
    },
    /**
     * The invoice that paid for `planId` in the period ending at `period.end`: the period's own plan invoice, or the
     * invoice of an earlier upgrade to that plan within the period (it runs to the same end). What an upgrade's
     * credit for the unused plan credits.
     */
    async planInvoiceOfPeriod(userId: string, planId: string, period: { start: Date; end: Date }): Promise<InvoiceRecord | undefined> {
      const rows = await db
        .select()
        .from(invoice)
        .where(
          and(
            eq(invoice.userId, userId),
            eq(invoice.kind, 'invoice'),
            eq(invoice.planId, planId),
            eq(invoice.periodEnd, period.end),
            gte(invoice.periodStart, period.start),
          ),
        )
        .orderBy(desc(invoice.issuedAt), desc(invoice.number))
        .limit(1);
      return rows[0];
    },
    /** The refund of an invoice; a credit for an upgrade's unused plan is not one. */
    async creditNoteFor(invoiceId: string): Promise<InvoiceRecord | undefined> {
      const rows = await db.select().from(invoice).where(and(eq(invoice.creditsInvoiceId, invoiceId), isNull(invoice.appliedToInvoiceId)));
      return rows[0];
    },
    async invoicesOf(userId: string): Promise<InvoiceRecord[]> {
      return db.select().from(invoice).where(eq(invoice.userId, userId)).orderBy(desc(invoice.issuedAt), desc(invoice.number));
    },
    async storedInvoicePdf(invoiceId: string): Promise<Buffer | undefined> {
      const rows = await db.select({ pdf: invoicePdf.pdf }).from(invoicePdf).where(eq(invoicePdf.invoiceId, invoiceId));
      return rows[0]?.pdf;
    },
    /** Keeps the first PDF stored for an invoice and answers it: two renderings at once store one. */
    async storeInvoicePdf(invoiceId: string, pdf: Buffer): Promise<Buffer> {
      await db.insert(invoicePdf).values({ invoiceId, pdf }).onConflictDoNothing();
      return (await this.storedInvoicePdf(invoiceId))!;
    },
    async invoiceOf(userId: string, id: string): Promise<InvoiceRecord | undefined> {
      const rows = await db.select().from(invoice).where(eq(invoice.id, id));
      return rows[0]?.userId === userId ? rows[0] : undefined;
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
