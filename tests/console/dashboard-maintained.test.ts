// The data the dashboard reads that the database keeps (migration 20261123190000_console_volume): mrr_spans,
// the live intervals of MRR, must equal their recomputation from contracts, items and pauses after every
// kind of change; billing attempts carry their run's account and currency whichever path inserts them.
import { beforeAll, describe, expect, it } from "vitest";
import { currentMrr, mrrByMonth } from "@/server/domain/dashboard/summary";
import { ctxFor, db } from "@/tests/helpers";
import { NOW, type Portfolio, seedPortfolio } from "./_portfolio";

let p: Portfolio;
beforeAll(async () => {
  p = await seedPortfolio();
});

interface Span {
  contract_id: number;
  price_id: number;
  currency: string;
  override: string | null;
  weight: string;
  live_from: string;
  live_to: string;
}

/** The spans as stored, and as the rule computes them from scratch (the query mrr.ts ran before the table). */
async function storedAndRecomputed(accountId: number) {
  const columns = `contract_id, price_id, currency, override::text, weight::numeric(30, 6)::text as weight, live_from::text, live_to::text`;
  const stored = await db().$queryRawUnsafe<Span[]>(
    `select ${columns} from mrr_spans where account_id = $1 order by 1, 2, 5, 6, 7`,
    accountId,
  );
  // each item's terms: its current ones from terms_from on, and every past row over its own interval
  const terms = `select ci.contract_id, ci.price_id, ci.unit_amount_override, ci.quantity, ci.discount_percent,
           greatest(ci.created_at, coalesce(ci.start_at, ci.created_at), coalesce(ci.terms_from, '-infinity')) as terms_from,
           least(coalesce(ci.end_at, 'infinity'), coalesce(ci.removed_at, 'infinity')) as terms_to
      from contract_items ci
      union all
      select ci.contract_id, t.price_id, t.unit_amount_override, t.quantity, t.discount_percent,
             greatest(ci.created_at, coalesce(ci.start_at, ci.created_at), coalesce(t.effective_from, '-infinity')),
             least(coalesce(ci.end_at, 'infinity'), coalesce(ci.removed_at, 'infinity'), t.effective_to)
      from contract_item_terms t join contract_items ci on ci.id = t.contract_item_id`;
  const ended = `case when c.state in ('canceled', 'ended') then coalesce(c.ended_at, c.canceled_at, c.updated_at) else 'infinity' end`;
  const recomputed = await db().$queryRawUnsafe<Span[]>(
    `with terms as (${terms}) select ${columns} from (
      select c.id as contract_id, ci.price_id, c.currency, ci.unit_amount_override as override,
             ci.quantity * (100 - coalesce(ci.discount_percent, 0)) / 100 as weight,
             greatest(c.created_at, ci.terms_from) as live_from, least(ci.terms_to, ${ended}) as live_to
      from subscription_contracts c join terms ci on ci.contract_id = c.id
      where c.account_id = $1 and c.state <> 'inactive'
      union all
      select c.id, ci.price_id, c.currency, ci.unit_amount_override,
             -(ci.quantity * (100 - coalesce(ci.discount_percent, 0)) / 100),
             greatest(c.created_at, ci.terms_from, p.start_at), least(ci.terms_to, p.end_at, ${ended})
      from contract_pauses p join subscription_contracts c on c.id = p.contract_id join terms ci on ci.contract_id = c.id
      where c.account_id = $1 and c.state <> 'inactive' and p.state <> 'canceled'
    ) s where live_to > live_from order by 1, 2, 5, 6, 7`,
    accountId,
  );
  return { stored, recomputed };
}

const expectInStep = async () => {
  const { stored, recomputed } = await storedAndRecomputed(p.accountId);
  expect(stored.length).toBeGreaterThan(0);
  expect(stored).toEqual(recomputed);
};

describe("mrr_spans", () => {
  it("equals its recomputation on the seeded portfolio (pauses negative, drafts and dead intervals out)", async () => {
    await expectInStep();
    const { stored } = await storedAndRecomputed(p.accountId);
    expect(stored.filter((s) => s.contract_id === p.c.c6)).toEqual([]); // the draft
    expect(stored.filter((s) => s.contract_id === p.c.c5).map((s) => s.weight)).toEqual(["-1.000000", "1.000000"]);
  });

  it("follows item changes, removals, additions and deletions", async () => {
    const t = db();
    const item = await t.contractItem.findFirstOrThrow({ where: { contractId: p.c.c1 }, orderBy: { id: "asc" } });
    await t.contractItem.update({
      where: { id: item.id },
      data: { quantity: 3, discountPercent: "12.5", termsFrom: new Date("2026-04-10T00:00:00Z") },
    });
    await expectInStep();
    // the terms before the change stay the item's up to the change: two spans where there was one
    const { stored } = await storedAndRecomputed(p.accountId);
    expect(
      stored
        .filter((s) => s.contract_id === p.c.c1 && s.price_id === item.priceId && Number(s.weight) > 0)
        .map((s) => [s.weight, s.live_to.slice(0, 10)]),
    ).toEqual([
      [((item.quantity * (100 - Number(item.discountPercent ?? 0))) / 100).toFixed(6), "2026-04-10"],
      [((3 * (100 - 12.5)) / 100).toFixed(6), "infinity"],
    ]);
    await t.contractItem.update({
      where: { id: item.id },
      data: { removedAt: new Date("2026-05-01T00:00:00Z"), status: "removed" },
    });
    await expectInStep();
    const added = await t.contractItem.create({
      data: { ...item, id: undefined, quantity: 4, removedAt: null, status: "active", metadata: {} },
    });
    await expectInStep();
    await t.contractItem.delete({ where: { id: added.id } });
    await expectInStep();
    // billing moves periods forward: no change to the spans, and nothing to recompute
    await t.contractItem.updateMany({
      where: { contractId: p.c.c4 },
      data: { periodEndAt: new Date("2026-07-18T00:00:00Z") },
    });
    await expectInStep();
  });

  it("follows contract state, cancellation, pauses, and a contract's deletion", async () => {
    const t = db();
    await t.subscriptionContract.update({ where: { id: p.c.c6 }, data: { state: "active" } }); // draft activated
    await expectInStep();
    await t.subscriptionContract.update({
      where: { id: p.c.c2 },
      data: { state: "canceled", canceledAt: new Date("2026-06-05T00:00:00Z") }, // ended_at unset: canceled_at ends it
    });
    await expectInStep();
    await t.subscriptionContract.update({ where: { id: p.c.c2 }, data: { canceledAt: null } }); // then updated_at ends it
    await expectInStep();
    const pause = await t.contractPause.create({
      data: {
        contractId: p.c.c4,
        startAt: new Date("2026-05-01T00:00:00Z"),
        endAt: new Date("2026-05-15T00:00:00Z"),
        state: "completed",
      },
    });
    await expectInStep();
    await t.contractPause.update({ where: { id: pause.id }, data: { state: "canceled" } });
    await expectInStep();
    await t.contractPause.delete({ where: { id: pause.id } });
    await t.subscriptionContract.update({ where: { id: p.c.c8 }, data: { nextBillingAt: new Date("2026-08-14") } });
    await expectInStep();
    await t.subscriptionContract.delete({ where: { id: p.c.c6 } });
    await expectInStep();
    expect(await t.mrrSpan.count({ where: { contractId: p.c.c6 } }), "a deleted contract leaves no span behind").toBe(
      0,
    );
  });

  it("the other account's spans stay its own, and its MRR is unchanged", async () => {
    const { stored, recomputed } = await storedAndRecomputed(p.otherAccountId);
    expect(stored).toEqual(recomputed);
    expect((await currentMrr(ctxFor(p.otherAccountId, NOW))).map((m) => m.mrr)).toEqual(["1000.0000"]);
    expect((await mrrByMonth(ctxFor(p.otherAccountId, NOW)))[0].months.at(-1)?.mrr).toBe("1000.0000");
  });
});

describe("billing_attempts.account_id and currency", () => {
  it("are the run's, for attempts inserted through Prisma and through bulk SQL", async () => {
    const t = db();
    const run = await t.billingRun.findFirstOrThrow({ where: { accountId: p.accountId, currency: "EUR" } });
    const viaPrisma = await t.billingAttempt.create({
      data: { runId: run.id, attemptNo: 90, state: "processing", amount: "1.0000" },
    });
    const [viaSql] = await t.$queryRaw<{ account_id: number; currency: string }[]>`
      insert into billing_attempts (run_id, attempt_no, state, amount, updated_at) values (${run.id}, 91, 'failed', 1, now())
      returning account_id, currency`;
    expect([viaPrisma.accountId, viaPrisma.currency]).toEqual([p.accountId, "EUR"]);
    expect(viaSql).toEqual({ account_id: p.accountId, currency: "EUR" });
    const missing = await t.$queryRaw<{ n: number }[]>`
      select count(*)::int as n from billing_attempts a join billing_runs r on r.id = a.run_id
      where a.account_id is distinct from r.account_id or a.currency is distinct from r.currency`;
    expect(missing[0].n).toBe(0);
    await t.billingAttempt.deleteMany({ where: { runId: run.id, attemptNo: { in: [90, 91] } } });
  });
});
