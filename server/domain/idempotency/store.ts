// Idempotency records for POSTs: the first request with a key executes and stores its response; a
// retry gets the stored response; the same key with other parameters is a 400; a concurrent duplicate
// waits for the first to finish. The unique (account, scope, key) row is the lock.

import type { Db } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";

export type Claim =
  | { kind: "new"; id: number }
  | { kind: "replay"; status: number; body: unknown }
  | { kind: "mismatch" }
  | { kind: "busy" };

const WAIT_MS = 15_000;
const ABANDONED_MS = 60_000;

export async function claimKey(
  db: Db,
  accountId: number,
  scope: string,
  key: string,
  requestHash: string,
): Promise<Claim> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const created = await db.$queryRaw<{ id: number }[]>`
      insert into idempotency_records (account_id, scope, key, request_hash, state, updated_at)
      values (${accountId}, ${scope}, ${key}, ${requestHash}, 'pending', now())
      on conflict (account_id, scope, key) do nothing returning id`;
    if (created.length) return { kind: "new", id: created[0].id };
    const existing = await db.idempotencyRecord.findUnique({
      where: { accountId_scope_key: { accountId, scope, key } },
    });
    if (!existing) continue; // released between our insert and read: try again
    if (existing.requestHash !== requestHash) return { kind: "mismatch" };
    if (existing.state === "done")
      return { kind: "replay", status: existing.responseStatus ?? 200, body: existing.responseBody };
    if (Date.now() - existing.updatedAt.getTime() > ABANDONED_MS) {
      // a crashed request left its claim behind: take it over
      const taken = await db.idempotencyRecord.updateMany({
        where: { id: existing.id, state: "pending", updatedAt: existing.updatedAt },
        data: { updatedAt: new Date() },
      });
      if (taken.count) return { kind: "new", id: existing.id };
    }
    if (Date.now() > until) return { kind: "busy" };
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function completeKey(db: Db, id: number, status: number, body: unknown) {
  await db.idempotencyRecord.update({
    where: { id },
    data: { state: "done", responseStatus: status, responseBody: (body ?? null) as Prisma.InputJsonValue },
  });
}

/** Failed requests release the key, so a corrected retry may use it again. */
export async function releaseKey(db: Db, id: number) {
  await db.idempotencyRecord.deleteMany({ where: { id, state: "pending" } });
}
