// Idempotency keys across a crash, in one process against the real database (server/domain/idempotency):
// a request "dies" by letting go of its key's liveness lock without storing an outcome, which is what
// PostgreSQL sees when a process is killed. A retry then takes the claim over at once; the dead request's
// effect transaction can no longer commit (fenced by the claim's owner); an effect that did commit is
// replayed, never executed again; a key a live process holds is waited for (then 409), and taken over as
// soon as that process's connection ends.
import { createHash } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "@/server/domain/canonical";
import type { Ctx } from "@/server/domain/context";
import { createContract } from "@/server/domain/contracts/create";
import { fenceIdempotency, type IdempotencyFence } from "@/server/domain/idempotency/fence";
import { lockKeyOf } from "@/server/domain/idempotency/holds";
import { type Claim, claimKey, completeKey, releaseKey, WAIT_MS } from "@/server/domain/idempotency/store";
import { contractCreateBody } from "@/server/schemas/contracts";
import type { SeedResult } from "@/server/seed/demo";
import { ctxFor, post, useSeed } from "@/tests/helpers";
import { at, db, expectStatus, MAR20, seedFixed, URL } from "./_fixtures";

let seeded: SeedResult;
useSeed(seedFixed, (r) => (seeded = r));

const SCOPE = "POST /api/v2/subscription-contracts/";
const body = () => ({ customer_reference: "cust-1003", items: [{ price: seeded.ids.basicMonthly }] });
/** The request hash the REST wrapper computes (server/http/idempotency.ts). */
const hashOf = (b: unknown) =>
  createHash("sha256")
    .update(canonicalJson(b, new Set(["idempotency_key"])))
    .digest("hex");

const claim = (key: string) => claimKey(db(), seeded.accountId, SCOPE, key, hashOf(body()));
function newClaim(c: Claim) {
  if (c.kind !== "new") throw new Error(`expected a new claim, got ${c.kind}`);
  return c;
}
/** The ctx of the contract creation a claim executes (its route: 201, the contract as created). */
function fencedCtx(c: Extract<Claim, { kind: "new" }>): Ctx & { idempotency: IdempotencyFence } {
  return {
    ...ctxFor(seeded.accountId, MAR20),
    idempotency: { recordId: c.id, owner: c.owner, status: 201, present: (v) => v, stored: false },
  };
}
const create = (ctx: Ctx) => createContract(ctx, contractCreateBody.parse(body()));
const contractsOfCarol = () => db().subscriptionContract.count({ where: { customer: { reference: "cust-1003" } } });
const record = (key: string) =>
  db().idempotencyRecord.findUniqueOrThrow({
    where: { accountId_scope_key: { accountId: seeded.accountId, scope: SCOPE, key } },
  });

describe("idempotency claims after a crash", () => {
  it("a dead request's claim is taken over at once; its effect transaction then fails and rolls back", async () => {
    const before = await contractsOfCarol();
    const first = newClaim(await claim("crash-1"));
    await first.hold.release(); // the process died before the effect committed
    const t = Date.now();
    const retry = newClaim(await claim("crash-1"));
    expect(Date.now() - t).toBeLessThan(1_000);
    expect([retry.id, retry.takenOver]).toEqual([first.id, true]);

    // the dead request's transaction reaches its end only now (e.g. its process was frozen): fenced out
    await expect(create(fencedCtx(first))).rejects.toMatchObject({ kind: "conflict" });
    expect(await contractsOfCarol()).toBe(before);
    // nor can it release or complete the retry's claim
    await releaseKey(db(), first.id, first.owner);
    await completeKey(db(), first.id, first.owner, 201, { id: -1 });
    expect(await record("crash-1")).toMatchObject({ state: "pending", ownerToken: retry.owner });

    const ctx = fencedCtx(retry);
    const contract = await create(ctx);
    await retry.hold.release();
    expect(ctx.idempotency.stored).toBe(true);
    expect(await contractsOfCarol()).toBe(before + 1);
    expect(await record("crash-1")).toMatchObject({
      state: "done",
      responseStatus: 201,
      resourceType: "subscription_contract",
      resourceId: contract.id,
    });
    expect(await claim("crash-1")).toEqual({ kind: "replay", status: 201, body: JSON.parse(JSON.stringify(contract)) });
  });

  it("a pending claim from before owner tokens (none) whose request is gone is taken over like any other", async () => {
    const legacy = await db().idempotencyRecord.create({
      data: {
        accountId: seeded.accountId,
        scope: SCOPE,
        key: "legacy-1",
        requestHash: hashOf(body()),
        state: "pending",
      },
    });
    const retry = newClaim(await claim("legacy-1"));
    await retry.hold.release();
    expect([retry.id, retry.takenOver]).toEqual([legacy.id, true]);
    expect((await record("legacy-1")).ownerToken).toBe(retry.owner);
  });

  it("an effect that committed before the crash is replayed over REST (its outcome committed with it), not executed again", async () => {
    const before = await contractsOfCarol();
    const first = newClaim(await claim("crash-2"));
    const contract = await create(fencedCtx(first));
    await first.hold.release(); // killed between the commit and the response: no completeKey

    at(MAR20);
    const retry = await post(URL, body(), { headers: { "Idempotency-Key": "crash-2" } });
    expectStatus(retry, 201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(JSON.parse(JSON.stringify(contract)));
    expect(await contractsOfCarol()).toBe(before + 1);
  });

  it("a takeover racing the dead request's commit waits for it and replays what it committed", async () => {
    const first = newClaim(await claim("crash-3"));
    let committing!: () => void;
    const fenced = new Promise<void>((r) => (committing = r));
    let commit!: () => void;
    const gate = new Promise<void>((r) => (commit = r));
    const tx = db().$transaction(async (t) => {
      await fenceIdempotency(t, fencedCtx(first), { type: "test", id: 1 }, { outcome: "first" });
      committing();
      await gate;
    });
    await fenced;
    await first.hold.release(); // its liveness is gone (e.g. the holder connection broke), its transaction is not
    const retry = claim("crash-3");
    await new Promise((r) => setTimeout(r, 300));
    commit();
    await tx;
    expect(await retry).toEqual({ kind: "replay", status: 201, body: { outcome: "first" } });
  });

  it("a key a live process holds is waited for, then 409; taken over as soon as that process's connection ends", async () => {
    // another process: a pending claim of its own, and the key's lock on its connection
    await db().idempotencyRecord.create({
      data: {
        accountId: seeded.accountId,
        scope: SCOPE,
        key: "crash-4",
        requestHash: hashOf(body()),
        state: "pending",
        ownerToken: "other-process",
      },
    });
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    await other.query("select pg_advisory_lock($1::bigint)", [lockKeyOf(seeded.accountId, SCOPE, "crash-4")]);

    at(MAR20);
    let t = Date.now();
    const busy = await post(URL, body(), { headers: { "Idempotency-Key": "crash-4" } });
    expect([busy.status, busy.body.detail]).toEqual([
      409,
      "A request with this idempotency key is still in progress; retry shortly.",
    ]);
    expect(Date.now() - t).toBeGreaterThanOrEqual(WAIT_MS);
    expect(Date.now() - t).toBeLessThan(WAIT_MS + 2_000);

    await other.end(); // the process died
    t = Date.now();
    const retry = await post(URL, body(), { headers: { "Idempotency-Key": "crash-4" } });
    expect(Date.now() - t).toBeLessThan(3_000);
    expectStatus(retry, 201);
    expect(await record("crash-4")).toMatchObject({ state: "done", resourceId: retry.body.id });
  }, 30_000);

  it("item changes, lifecycle operations and activation store the key's outcome with their effect too", async () => {
    at(MAR20);
    const keyed = (id: number, rest: string, payload: unknown, key: string) =>
      post(`${URL}${id}/${rest}`, payload, { headers: { "Idempotency-Key": key } });
    const active = expectStatus(await post(URL, body()), 201);
    const inactive = expectStatus(await post(URL, { ...body(), activate: false }), 201);
    const answers = {
      "fenced-update": await keyed(
        active.id,
        "items/update/",
        { contract_item: active.items[0].id, quantity: 2 },
        "fenced-update",
      ),
      "fenced-cancel": await keyed(active.id, "cancel/", {}, "fenced-cancel"),
      "fenced-activate": await keyed(inactive.id, "activate/", undefined, "fenced-activate"),
    };
    for (const [key, answer] of Object.entries(answers)) {
      const stored = await db().idempotencyRecord.findFirstOrThrow({
        where: { accountId: seeded.accountId, key },
        select: { state: true, resourceType: true, resourceId: true, responseBody: true },
      });
      expect(stored, key).toEqual({
        state: "done",
        resourceType: "subscription_contract",
        resourceId: key === "fenced-activate" ? inactive.id : active.id,
        responseBody: expectStatus(answer, 200),
      });
    }
  });

  it("a request of this process holding a key makes a concurrent one wait and replay its outcome", async () => {
    const before = await contractsOfCarol();
    at(MAR20);
    const rs = await Promise.all(
      Array.from({ length: 3 }, () => post(URL, body(), { headers: { "Idempotency-Key": "crash-5" } })),
    );
    expect(rs.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(rs.map((r) => r.body.id)).size).toBe(1);
    expect(await contractsOfCarol()).toBe(before + 1);
  });
});
