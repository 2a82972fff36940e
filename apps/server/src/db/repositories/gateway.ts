import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { gatewayClock, gatewayPayment, gatewayPaymentLink, gatewaySubscription } from '../schema.ts';

export type GatewaySubscriptionRecord = typeof gatewaySubscription.$inferSelect;
export type GatewayPaymentLinkRecord = typeof gatewayPaymentLink.$inferSelect;
export type GatewayPaymentRecord = typeof gatewayPayment.$inferSelect;

/** The books of the built-in test payment gateway. */
export function createGatewayRepository(db: Database) {
  return {
    async clockOffsetSeconds(): Promise<number> {
      const rows = await db.select().from(gatewayClock).where(eq(gatewayClock.id, 1));
      return rows[0]?.offsetSeconds ?? 0;
    },
    async setClockOffsetSeconds(offsetSeconds: number): Promise<void> {
      await db.insert(gatewayClock).values({ id: 1, offsetSeconds }).onConflictDoUpdate({ target: gatewayClock.id, set: { offsetSeconds } });
    },
    async addSubscription(record: typeof gatewaySubscription.$inferInsert): Promise<GatewaySubscriptionRecord> {
      const [row] = await db.insert(gatewaySubscription).values(record).returning();
      return row!;
    },
    async subscription(id: string): Promise<GatewaySubscriptionRecord | undefined> {
      const rows = await db.select().from(gatewaySubscription).where(eq(gatewaySubscription.id, id));
      return rows[0];
    },
    async updateSubscription(id: string, changes: Partial<typeof gatewaySubscription.$inferInsert>): Promise<GatewaySubscriptionRecord> {
      const [row] = await db.update(gatewaySubscription).set(changes).where(eq(gatewaySubscription.id, id)).returning();
      return row!;
    },
    /** Moves a subscription on only from one of `from`, in one statement: undefined when it was in none of them. */
    async transitionSubscription(id: string, from: string[], changes: Partial<typeof gatewaySubscription.$inferInsert>): Promise<GatewaySubscriptionRecord | undefined> {
      const [row] = await db
        .update(gatewaySubscription)
        .set(changes)
        .where(and(eq(gatewaySubscription.id, id), inArray(gatewaySubscription.status, from)))
        .returning();
      return row;
    },
    async subscriptionsDueBy(now: Date): Promise<GatewaySubscriptionRecord[]> {
      return db
        .select()
        .from(gatewaySubscription)
        .where(and(inArray(gatewaySubscription.status, ['active', 'pending']), lte(gatewaySubscription.currentEnd, now)));
    },
    async subscriptionsOf(customerEmail: string): Promise<GatewaySubscriptionRecord[]> {
      return db.select().from(gatewaySubscription).where(eq(gatewaySubscription.customerEmail, customerEmail));
    },
    async addPayment(record: typeof gatewayPayment.$inferInsert): Promise<GatewayPaymentRecord> {
      const [row] = await db.insert(gatewayPayment).values(record).returning();
      return row!;
    },
    async payment(id: string): Promise<GatewayPaymentRecord | undefined> {
      const rows = await db.select().from(gatewayPayment).where(eq(gatewayPayment.id, id));
      return rows[0];
    },
    /** Marks a payment refunded once; answers undefined when it already was. */
    async refundPayment(id: string, refundId: string): Promise<GatewayPaymentRecord | undefined> {
      const [row] = await db
        .update(gatewayPayment)
        .set({ refundId })
        .where(and(eq(gatewayPayment.id, id), isNull(gatewayPayment.refundId)))
        .returning();
      return row;
    },
    async paymentsFor(sourceIds: string[]): Promise<GatewayPaymentRecord[]> {
      if (sourceIds.length === 0) return [];
      return db.select().from(gatewayPayment).where(inArray(gatewayPayment.sourceId, sourceIds));
    },
    async addPaymentLink(record: typeof gatewayPaymentLink.$inferInsert): Promise<GatewayPaymentLinkRecord> {
      const [row] = await db.insert(gatewayPaymentLink).values(record).returning();
      return row!;
    },
    async paymentLink(id: string): Promise<GatewayPaymentLinkRecord | undefined> {
      const rows = await db.select().from(gatewayPaymentLink).where(eq(gatewayPaymentLink.id, id));
      return rows[0];
    },
    async paymentLinksOf(customerEmail: string): Promise<GatewayPaymentLinkRecord[]> {
      return db.select().from(gatewayPaymentLink).where(eq(gatewayPaymentLink.customerEmail, customerEmail));
    },
    /** Moves an unpaid ('created') link on, in one statement: undefined when it was paid, cancelled or expired first. */
    async transitionOpenLink(id: string, changes: Partial<typeof gatewayPaymentLink.$inferInsert>): Promise<GatewayPaymentLinkRecord | undefined> {
      const [row] = await db
        .update(gatewayPaymentLink)
        .set(changes)
        .where(and(eq(gatewayPaymentLink.id, id), eq(gatewayPaymentLink.status, 'created')))
        .returning();
      return row;
    },
    async expireLinksDueBy(now: Date): Promise<void> {
      await db
        .update(gatewayPaymentLink)
        .set({ status: 'expired' })
        .where(and(eq(gatewayPaymentLink.status, 'created'), lte(gatewayPaymentLink.expireBy, now)));
    },
  };
}

export type GatewayRepository = ReturnType<typeof createGatewayRepository>;
