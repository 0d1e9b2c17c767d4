// An account's analytics rebuild runs past a request's statement limit at a million contracts (bench:admin), and
// cut off there it rolls back and starts over on every read. It runs on a connection of its own with
// DB_REBUILD_TIMEOUT_MS: a statement the request's limit stops completes there, and the movements built that
// way equal the hand-computed ones.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPrismaClient, runLongStatement } from "@/server/db";
import { mrrMovements } from "@/server/domain/analytics/movements";
import { setEnv } from "@/tests/env";
import { ctxFor, db, seed } from "@/tests/helpers";
import { type History, NOW, seedHistory } from "./_history";

let h: History;
let restoreEnv: (() => void) | undefined;
beforeAll(async () => {
  await seed();
  h = await seedHistory();
  restoreEnv = setEnv({ DB_STATEMENT_TIMEOUT_MS: "200", DB_REBUILD_TIMEOUT_MS: "60000" }); // and reloads the config
});
afterAll(() => restoreEnv?.());

describe("the analytics rebuild's statement limit", () => {
  it("is DB_REBUILD_TIMEOUT_MS, not the request's DB_STATEMENT_TIMEOUT_MS", async () => {
    const requestDb = newPrismaClient(process.env.DATABASE_URL!, 1);
    try {
      await expect(requestDb.$queryRaw`select pg_sleep(0.5)`).rejects.toThrow();
    } finally {
      await requestDb.$disconnect();
    }
    await expect(runLongStatement("select pg_sleep(0.5)", [])).resolves.toBeUndefined();
  });

  it("builds the account's months on the first read, with the figures of the hand-computed history", async () => {
    await db().$executeRaw`delete from customer_month_mrr_state where account_id = ${h.accountId}`;
    const answer = await mrrMovements(ctxFor(h.accountId, NOW), { from: "2026-01", to: "2026-06", currency: "EUR" });
    expect(answer.currencies[0].months.map((m) => m.closing_mrr)).toEqual([
      "50.0000",
      "55.0000",
      "65.0000",
      "67.0000",
      "87.0000",
      "87.0000",
    ]);
    const [state] = await db().$queryRaw<{ zone: string }[]>`
      select zone from customer_month_mrr_state where account_id = ${h.accountId}`;
    expect(state).toBeDefined();
  });
});
