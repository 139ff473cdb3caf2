import type { Database } from "@parley/db";
import { and, asc, count, desc, eq, inArray, isNotNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import {
  type WebhookAttemptRow,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from "../../db/schema";
import type { Tx } from "../../db/tx";

/** Attempts shown per delivery in the log (the newest). */
const ATTEMPTS_SHOWN = 20;

/** An enabled endpoint that subscribes to `type`. */
const wants = (type: string) =>
  and(
    eq(webhookEndpoints.enabled, true),
    sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
  );

export function createWebhooksRepo(db: Database) {
  return {
    db,
    async list(workspaceId: string): Promise<WebhookEndpointRow[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.workspaceId, workspaceId))
        .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
    },
    async count(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.workspaceId, workspaceId));
      return row?.n ?? 0;
    },
    /** The endpoint when it belongs to `workspaceId` (another workspace's is not found). */
    async find(workspaceId: string, id: string): Promise<WebhookEndpointRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)));
      return row;
    },
    async findById(id: string, tx: Tx = db): Promise<WebhookEndpointRow | undefined> {
      const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      return row;
    },
    async insert(row: typeof webhookEndpoints.$inferInsert, tx: Tx = db) {
      await tx.insert(webhookEndpoints).values(row);
    },
    async update(
      workspaceId: string,
      id: string,
      set: Partial<typeof webhookEndpoints.$inferInsert>,
      tx: Tx = db,
    ): Promise<WebhookEndpointRow | undefined> {
      const [row] = await tx
        .update(webhookEndpoints)
        .set(set)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
        .returning();
      return row;
    },
    async remove(workspaceId: string, id: string, tx: Tx = db): Promise<WebhookEndpointRow | undefined> {
      const [row] = await tx
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
        .returning();
      return row;
    },
    /** Account deletion: the personal workspace's endpoints (their deliveries go with them). */
    async removeWorkspace(tx: Tx, workspaceId: string) {
      await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, workspaceId));
    },
    /** Finished deliveries older than `before` (their attempts go with them). */
    async pruneDeliveries(before: Date): Promise<number> {
      const gone = await db
        .delete(webhookDeliveries)
        .where(and(lt(webhookDeliveries.createdAt, before), ne(webhookDeliveries.status, "pending")))
        .returning({ id: webhookDeliveries.id });
      return gone.length;
    },
    /** Whether any enabled endpoint of the workspace subscribes to `type` (in `tx` when given). */
    /** Of these workspaces, those with an enabled endpoint that wants `type`: one statement. */
    async subscribedWorkspaces(workspaceIds: string[], type: string, tx: Tx = db): Promise<Set<string>> {
      if (workspaceIds.length === 0) return new Set();
      const rows = await tx
        .select({ workspaceId: webhookEndpoints.workspaceId })
        .from(webhookEndpoints)
        .where(and(inArray(webhookEndpoints.workspaceId, workspaceIds), wants(type)))
        .groupBy(webhookEndpoints.workspaceId);
      return new Set(rows.map((r) => r.workspaceId));
    },
    /** `anySubscriber` as a condition to hold inside another statement. */
    subscribedSql(workspaceId: string, type: string): SQL {
      return sql`exists (select 1 from ${webhookEndpoints}
        where ${webhookEndpoints.workspaceId} = ${workspaceId} and ${webhookEndpoints.enabled} = true
          and ${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb)`;
    },
    async anySubscriber(workspaceId: string, type: string, tx: Tx = db): Promise<boolean> {
      const rows = await tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.workspaceId, workspaceId), wants(type)))
        .limit(1);
      return rows.length > 0;
    },
    /** Enabled endpoints of the workspace that subscribe to `type`. */
    async subscribers(workspaceId: string, type: string): Promise<WebhookEndpointRow[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.workspaceId, workspaceId), wants(type)));
    },

    /** Inserts the delivery unless this (endpoint, message, redelivery) exists; true when inserted. */
    async insertDelivery(row: typeof webhookDeliveries.$inferInsert, tx: Tx = db): Promise<boolean> {
      const inserted = await tx
        .insert(webhookDeliveries)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: webhookDeliveries.id });
      return inserted.length > 0;
    },
    async delivery(id: string, tx: Tx = db): Promise<WebhookDeliveryRow | undefined> {
      const [row] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
      return row;
    },
    async deliveryOf(workspaceId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.workspaceId, workspaceId)));
      return row;
    },
    async nextRedelivery(endpointId: string, messageId: string, tx: Tx = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`coalesce(max(${webhookDeliveries.redelivery}), -1)::int` })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.messageId, messageId)));
      return (row?.n ?? -1) + 1;
    },
    async updateDelivery(id: string, set: Partial<typeof webhookDeliveries.$inferInsert>, tx: Tx = db) {
      await tx.update(webhookDeliveries).set(set).where(eq(webhookDeliveries.id, id));
    },
    /** The endpoint's row, locked until `tx` ends (attempts on it are recorded one at a time). */
    async lockEndpoint(id: string, tx: Tx): Promise<WebhookEndpointRow | undefined> {
      const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for("update");
      return row;
    },
    /** Since when the endpoint has failed every attempt (null: its last attempt succeeded). */
    async setFailingSince(id: string, failingSince: Date | null, tx: Tx = db): Promise<void> {
      await tx.update(webhookEndpoints).set({ failingSince }).where(eq(webhookEndpoints.id, id));
    },
    /** Turned off after a day of failed retries. */
    async disableFailing(id: string, at: Date, tx: Tx = db): Promise<void> {
      await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: "failing", disabledAt: at, updatedAt: at })
        .where(eq(webhookEndpoints.id, id));
    },
    async insertAttempt(row: typeof webhookAttempts.$inferInsert, tx: Tx = db): Promise<boolean> {
      const inserted = await tx
        .insert(webhookAttempts)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: webhookAttempts.id });
      return inserted.length > 0;
    },
    async attemptAt(deliveryId: string, attempt: number, tx: Tx = db): Promise<Date | undefined> {
      const [row] = await tx
        .select({ at: webhookAttempts.createdAt })
        .from(webhookAttempts)
        .where(and(eq(webhookAttempts.deliveryId, deliveryId), eq(webhookAttempts.attempt, attempt)));
      return row?.at;
    },
    /** An endpoint's deliveries, newest first, from before the cursor (`createdAt|id`). */
    async deliveries(
      endpointId: string,
      limit: number,
      before?: { at: Date; id: string },
    ): Promise<{ rows: WebhookDeliveryRow[]; attempts: WebhookAttemptRow[] }> {
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            before
              ? or(
                  lt(webhookDeliveries.createdAt, before.at),
                  and(eq(webhookDeliveries.createdAt, before.at), lt(webhookDeliveries.id, before.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit);
      if (rows.length === 0) return { rows, attempts: [] };
      const attempts = await db
        .select()
        .from(webhookAttempts)
        .where(
          and(
            inArray(
              webhookAttempts.deliveryId,
              rows.map((r) => r.id),
            ),
            sql`${webhookAttempts.attempt} > (select greatest(${webhookDeliveries.attempts} - ${ATTEMPTS_SHOWN}, 0) from ${webhookDeliveries} where ${webhookDeliveries.id} = ${webhookAttempts.deliveryId})`,
          ),
        )
        .orderBy(desc(webhookAttempts.attempt));
      return { rows, attempts };
    },
    /** Endpoints failing now or turned off for failing, longest first (the console's health). */
    failing(limit: number) {
      return db
        .select({
          workspaceId: webhookEndpoints.workspaceId,
          url: webhookEndpoints.url,
          enabled: webhookEndpoints.enabled,
          failingSince: webhookEndpoints.failingSince,
        })
        .from(webhookEndpoints)
        .where(or(isNotNull(webhookEndpoints.failingSince), eq(webhookEndpoints.disabledReason, "failing")))
        .orderBy(asc(webhookEndpoints.failingSince))
        .limit(limit);
    },
  };
}
export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
