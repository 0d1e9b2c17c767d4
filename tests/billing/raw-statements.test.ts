// The raw helpers of the billing path (server/db.ts) send named statements: one text keeps one name on every
// connection, its plan reused across values (past the five executions after which PostgreSQL may switch to a generic
// plan), and no two texts share a name, also past the cap beyond which statements go unnamed.
import { describe, expect, it } from "vitest";
import { rawRows, rawTransaction } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { db } from "@/tests/helpers";

describe("raw statements", () => {
  it("one text answers for each value it is given, run after run, in and outside a transaction", async () => {
    for (let n = 1; n <= 12; n++) {
      const [row] = await rawRows<{ doubled: number; ids: number[] }>(
        db(),
        Prisma.sql`select ${n}::int * 2 as doubled, (select array_agg(x) from unnest(${[n, n + 1]}::int[]) x) as ids`,
      );
      expect(row).toEqual({ doubled: 2 * n, ids: [n, n + 1] });
    }
    const written = await rawTransaction(db(), async (tx) => {
      const counts: number[] = [];
      for (let n = 1; n <= 8; n++) counts.push(await tx.count(Prisma.sql`select generate_series(1, ${n}::int)`));
      return counts;
    });
    expect(written).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("a hundred different texts each get their own answer (named while under the cap, unnamed after it)", async () => {
    const answers: string[] = [];
    for (let i = 0; i < 100; i++) {
      // a different text each time: the constant is part of it, not a parameter
      const [row] = await rawRows<{ answer: string }>(db(), Prisma.sql([`select 'text ${i}' as answer`]));
      answers.push(row.answer);
    }
    expect(answers).toEqual(Array.from({ length: 100 }, (_, i) => `text ${i}`));
  });
});
