// Idempotency records for POSTs: the first request with a key claims it and stores its response; a retry
// gets the stored response; the same key with other parameters is a 400. The unique (account, scope, key)
// row is the record; each claim carries a random owner token, and only that owner may store the outcome
// (fence.ts, or completeKey) or release the key. Whether the claim's request is alive is the advisory lock
// of holds.ts: a retry waits (then 409) while a live request holds the key, and takes a pending claim over
// at once when none does (its request died before its effect committed: a fenced effect stores its
// outcome in its own transaction, so "pending" means "not committed").

import { randomBytes } from "node:crypto";
import type { Db } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { holdKey, type KeyHold, lockKeyOf } from "./holds";

export type Claim =
  | {
      kind: "new";
      id: number;
      owner: string;
      /** the key's liveness lock: release it after the outcome is stored or the key released */
      hold: KeyHold;
      /** the claim of a request that died, taken over (its effect never committed, if it was fenced) */
      takenOver: boolean;
    }
  | { kind: "replay"; status: number; body: unknown }
  | { kind: "mismatch" }
  | { kind: "busy" };

/** How long a retry waits for a live request holding its key before answering 409. */
export const WAIT_MS = 5_000;
const POLL_MS = 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function claimKey(
  db: Db,
  accountId: number,
  scope: string,
  key: string,
  requestHash: string,
): Promise<Claim> {
  const lockKey = lockKeyOf(accountId, scope, key);
  const until = Date.now() + WAIT_MS;
  for (let wait = POLL_MS; ; wait = Math.min(wait * 2, 200)) {
    const hold = await holdKey(lockKey);
    if (hold) {
      let claim: Claim;
      try {
        claim = await claimHeld(db, accountId, scope, key, requestHash, hold);
      } catch (e) {
        await hold.release();
        throw e;
      }
      if (claim.kind !== "new") await hold.release();
      return claim;
    }
    // a live request holds the key (here or in another process): answer from its outcome once stored
    const existing = await db.idempotencyRecord.findUnique({
      where: { accountId_scope_key: { accountId, scope, key } },
    });
    if (existing && existing.requestHash !== requestHash) return { kind: "mismatch" };
    if (existing?.state === "done")
      return { kind: "replay", status: existing.responseStatus ?? 200, body: existing.responseBody };
    if (Date.now() > until) return { kind: "busy" };
    await sleep(wait);
  }
}

/** The claim, while this request holds the key's lock: no live request holds the key meanwhile. */
async function claimHeld(
  db: Db,
  accountId: number,
  scope: string,
  key: string,
  requestHash: string,
  hold: KeyHold,
): Promise<Claim> {
  const owner = randomBytes(16).toString("base64url");
  for (;;) {
    const created = await db.$queryRaw<{ id: number }[]>`
      insert into idempotency_records (account_id, scope, key, request_hash, state, owner_token, updated_at)
      values (${accountId}, ${scope}, ${key}, ${requestHash}, 'pending', ${owner}, now())
      on conflict (account_id, scope, key) do nothing returning id`;
    if (created.length) return { kind: "new", id: created[0].id, owner, hold, takenOver: false };
    const existing = await db.idempotencyRecord.findUnique({
      where: { accountId_scope_key: { accountId, scope, key } },
    });
    if (!existing) continue; // released between our insert and read: try again
    if (existing.requestHash !== requestHash) return { kind: "mismatch" };
    if (existing.state === "done")
      return { kind: "replay", status: existing.responseStatus ?? 200, body: existing.responseBody };
    // Pending, and no live request holds it: its request died. Taken over only if still that claim and
    // still pending: a fenced transaction of the old owner that is committing right now holds the row,
    // so this waits for it and then finds the record done (and replays it on the next pass).
    const taken = await db.$executeRaw`
      update idempotency_records set owner_token = ${owner}, updated_at = now()
      where id = ${existing.id} and state = 'pending' and owner_token is not distinct from ${existing.ownerToken}`;
    if (taken === 1) return { kind: "new", id: existing.id, owner, hold, takenOver: true };
  }
}

/** A response body as a JSON column value (an empty body is SQL NULL's JSON counterpart). */
export const jsonValue = (body: unknown) =>
  body === null || body === undefined ? Prisma.JsonNull : (body as Prisma.InputJsonValue);

/** Stores a successful response, unless the claim is no longer this request's. */
export async function completeKey(db: Db, id: number, owner: string, status: number, body: unknown) {
  await db.idempotencyRecord.updateMany({
    where: { id, ownerToken: owner, state: "pending" },
    data: { state: "done", responseStatus: status, responseBody: jsonValue(body) },
  });
}

/** Failed requests release the key, so a corrected retry may use it again (never another owner's claim). */
export async function releaseKey(db: Db, id: number, owner: string) {
  await db.idempotencyRecord.deleteMany({ where: { id, ownerToken: owner, state: "pending" } });
}
