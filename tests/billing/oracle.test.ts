// A year of billing of a mixed portfolio, checked against an independent oracle (oracle-model.ts, which
// computes in integer ten-thousandths from the spec and docs/decisions.md, never through
// server/domain/pricing). Everything happens through the REST route handlers and the account's test
// clock (POST /v2/test-clock/advance/); only the catalog set-up (two extra prices, one scheduled version,
// through the admin console's functions: REST has no catalog writes) and replacing the declining card
// (a direct insert, as in the other billing tests) are not REST calls. At every checkpoint every run,
// line and attempt of every contract, every contract's next_billing_at, entitled_until,
// latest_billing_run and service state, and both customers' entitlements are compared with the model.
// Depends on three rules beyond the spec's text (decisions.md): credit never used automatically (credit_applied_amount, credit_balance,
// apply-credit, auto_apply_credit), run periods spanning their lines and latest_billing_run by billed
// period, charges in whole cents (attempt amounts, rounding_adjustment_amount, charged_amount).
import { afterEach, expect, it } from "vitest";
import { createPrice, schedulePriceVersion } from "@/server/domain/catalog/prices";
import { ctxFor, db } from "@/tests/helpers";
import { addCard, advance, at, createContract, newWorld, ok, type World } from "./_world";
import { compareInto, type Diffs } from "./oracle-compare";
import { expectedContract, expectedEntitlements, expectedRun } from "./oracle-expect";
import { p4 } from "./oracle-math";
import { type ContractDef, type MContract, OracleModel, type PriceDef } from "./oracle-model";

afterEach(() => at(null));

const T0 = "2026-01-10T00:00:00.000Z";
const d = (s: string) => new Date(s);

async function priceDef(
  id: number,
  product: string,
  terms: Omit<PriceDef, "id" | "product" | "versions">,
  units: [string, string | null][],
): Promise<PriceDef> {
  const vs = (await db().priceVersion.findMany({ where: { priceId: id } })).sort(
    (a, b) => +(a.effectiveFrom ?? 0) - +(b.effectiveFrom ?? 0),
  );
  expect(
    vs.map((v) => v.effectiveFrom?.toISOString() ?? null),
    `versions of price ${id}`,
  ).toEqual(units.map(([, from]) => from));
  return {
    id,
    product,
    ...terms,
    versions: units.map(([unit, from], k) => ({ id: vs[k].id, unit: p4(unit), from: from ? d(from) : null })),
  };
}

const VAT = { tax: "exclusive" as const, rate: p4("24") };
const REDUCED = { tax: "inclusive" as const, rate: p4("10") };

async function catalog(w: World) {
  const ctx = ctxFor(w.accountId, T0);
  // a monthly price on day 31 and a yearly price on day 15 (spec 4.9), and Sports 5.00 → 6.00 from Jun 15
  const day31 = await createPrice(ctx, {
    product_id: w.ids.screen,
    currency: "EUR",
    unit_amount: "7.7777",
    billing_type: "recurring",
    interval: "month",
    billing_day_of_month: 31,
  });
  const yearly15 = await createPrice(ctx, {
    product_id: w.ids.sports,
    currency: "EUR",
    unit_amount: "120.0000",
    billing_type: "recurring",
    interval: "year",
    billing_day_of_month: 15,
  });
  await schedulePriceVersion(ctx, w.ids.sportsMonthly, {
    unit_amount: "6.0000",
    effective_from: "2026-06-15T00:00:00.000Z",
  });
  const month = { interval: "month" as const, day: null };
  return {
    basic: await priceDef(w.ids.basicMonthly, "Streaming Basic", { ...month, ...VAT }, [["9.9000", null]]),
    basicYearly: await priceDef(w.ids.basicYearly, "Streaming Basic", { interval: "year", day: null, ...VAT }, [
      ["99.0000", null],
    ]),
    // seeded versions around the seed time 2026-01-01: 14.90 until Jan 31, 16.90 from then
    premium: await priceDef(w.ids.premiumMonthly, "Streaming Premium", { ...month, ...VAT }, [
      ["12.9000", null],
      ["14.9000", "2025-11-02T00:00:00.000Z"],
      ["16.9000", "2026-01-31T00:00:00.000Z"],
    ]),
    magazine: await priceDef(w.ids.magazineMonthly, "Printed Magazine", { interval: "month", day: 1, ...REDUCED }, [
      ["12.0000", null],
    ]),
    newspaper: await priceDef(w.ids.newspaperMonthly, "Weekend Newspaper", { interval: "month", day: 15, ...REDUCED }, [
      ["8.0000", null],
    ]),
    sports: await priceDef(w.ids.sportsMonthly, "Sports Add-on", { ...month, ...VAT }, [
      ["5.0000", null],
      ["6.0000", "2026-06-15T00:00:00.000Z"],
    ]),
    screen: await priceDef(w.ids.screenMonthly, "Extra Screen", { ...month, ...VAT }, [["3.0000", null]]),
    kids: await priceDef(w.ids.kidsMonthly, "Kids Channel", { ...month, ...VAT }, [["4.0000", null]]),
    coaching: await priceDef(
      w.ids.coachingWeekly,
      "Weekly Coaching",
      { interval: "week", day: null, tax: null, rate: 0n },
      [["25.0000", null]],
    ),
    quarterly: await priceDef(
      w.ids.quarterlyPrice,
      "Printed Magazine",
      { interval: null, day: null, schedule: { tz: "Europe/Helsinki", months: [1, 4, 7, 10], day: 1 }, ...REDUCED },
      [["33.0000", null]],
    ),
    day31: await priceDef(day31.id, "Extra Screen", { interval: "month", day: 31, ...VAT }, [["7.7777", null]]),
    yearly15: await priceDef(yearly15.id, "Sports Add-on", { interval: "year", day: 15, ...VAT }, [["120.0000", null]]),
  };
}

it("a year of a mixed portfolio matches the oracle: every run, line, attempt, next_billing_at, entitled_until and latest_billing_run", async () => {
  const w = await newWorld();
  at(T0);
  const P = await catalog(w);
  const model = new OracleModel();
  const ids = new Map<MContract, number>();
  const byName = new Map<string, MContract>();

  async function open(name: string, def: ContractDef, when = T0) {
    const body = {
      customer_reference: def.customer === "good" ? "cust-1001" : "cust-1002",
      initial_billing_mode: def.mode,
      items: def.items.map((i) => ({ price: i.price.id, quantity: i.quantity ?? 1, ...extraItem(i) })),
      ...(def.tz ? { billing_timezone: def.tz, billing_time: def.time } : {}),
      ...(def.autoApplyCredit ? { auto_apply_credit: true } : {}),
    };
    const c = await createContract(w, body);
    const m = model.create(name, def, d(when));
    ids.set(m, c.id);
    byName.set(name, m);
  }
  const item = (m: MContract, k = 0) => svc.contracts.get(ids.get(m)!)!.items[k].id;
  const svc = { contracts: new Map<number, any>(), runs: new Map<number, any[]>() };
  const c = (name: string) => byName.get(name)!;
  const post = async (path: string, body: unknown) => ok(await w.post(path, body));
  const cpath = (name: string, rest: string) => `/v2/subscription-contracts/${ids.get(c(name))}/${rest}`;

  const events: [string, () => Promise<void>][] = [
    [
      T0,
      async () => {
        await open("monthly fixed day 1 started mid-period (inclusive tax)", {
          customer: "good",
          items: [{ price: P.magazine }],
          mode: "create_initial_run",
        });
        await open("yearly", { customer: "good", items: [{ price: P.basicYearly }], mode: "create_initial_run" });
        await open("fixed day 31", { customer: "good", items: [{ price: P.day31 }], mode: "create_initial_run" });
        await open("yearly on day 15", {
          customer: "good",
          items: [{ price: P.yearly15 }],
          mode: "create_initial_run",
        });
        await open("scheduled price version", { customer: "good", items: [{ price: P.sports }], mode: "none" });
        await open("quantity, discount, override", {
          customer: "good",
          items: [
            { price: P.premium, quantity: 3, discount: p4("12.5") },
            { price: P.screen, quantity: 2, override: p4("2.4999") },
          ],
          mode: "none",
        });
        await open("inclusive and exclusive tax on day 1", {
          customer: "good",
          items: [{ price: P.magazine }, { price: P.basic }],
          mode: "none",
        });
        await open("cancel at period end", { customer: "good", items: [{ price: P.basic }], mode: "none" });
        await open("cancel now, restart", { customer: "good", items: [{ price: P.kids }], mode: "none" });
        await open("cancel now, restart on day 1", { customer: "good", items: [{ price: P.magazine }], mode: "none" });
        await open("pause across a renewal and a whole period", {
          customer: "good",
          items: [{ price: P.basic }],
          mode: "none",
        });
        await open("early resume", { customer: "good", items: [{ price: P.kids }], mode: "none" });
        await open("upgrade invoice_now", { customer: "good", items: [{ price: P.basic }], mode: "none" });
        await open("downgrade to credit", { customer: "good", items: [{ price: P.premium }], mode: "none" });
        await open("downgrade, auto_apply_credit", {
          customer: "good",
          items: [{ price: P.premium }],
          mode: "none",
          autoApplyCredit: true,
        });
        await open("weekly", { customer: "good", items: [{ price: P.coaching }], mode: "none" });
        await open("schedule", { customer: "good", items: [{ price: P.quarterly }], mode: "create_initial_run" });
        await open("06:00 Europe/Helsinki", {
          customer: "good",
          items: [{ price: P.newspaper }],
          mode: "create_initial_run",
          tz: "Europe/Helsinki",
          time: "06:00",
        });
        await open("declining card", { customer: "declining", items: [{ price: P.basic }], mode: "none" });
        await open("weekly in Europe/Helsinki", {
          customer: "good",
          items: [{ price: P.coaching }],
          mode: "none",
          tz: "Europe/Helsinki",
          time: "06:00",
        });
        await open("monthly and yearly together", {
          customer: "good",
          items: [{ price: P.basic }, { price: P.basicYearly }],
          mode: "create_initial_run",
        });
      },
    ],
    [
      "2026-01-31T12:00:00.000Z",
      async () => {
        // an anchor-less monthly price started on the 31st at noon keeps its day where months allow
        await open(
          "monthly from Jan 31 12:00",
          { customer: "good", items: [{ price: P.sports }], mode: "create_initial_run" },
          "2026-01-31T12:00:00.000Z",
        );
      },
    ],
    [
      "2026-01-20T00:00:00.000Z",
      async () => {
        const [s, e] = ["2026-03-01T00:00:00.000Z", "2026-04-20T00:00:00.000Z"];
        await post(cpath("pause across a renewal and a whole period", "pause/"), { start_date: s, end_date: e });
        model.pause(c("pause across a renewal and a whole period"), d(s), d(e), d("2026-01-20T00:00:00.000Z"));
      },
    ],
    [
      "2026-02-25T00:00:00.000Z",
      async () => {
        // the card of the declining customer is replaced, then the exhausted run is retried by hand
        await addCard(w, w.ids.bob, "4242424242424242");
        const m = c("declining card");
        m.cardGood = true;
        await post(`/v2/billing-runs/${svc.runs.get(ids.get(m)!)![0].id}/retry/`, { reason: "new card" });
        model.manualRetry(m.runs[0], d("2026-02-25T00:00:00.000Z"));
      },
    ],
    [
      "2026-03-20T00:00:00.000Z",
      async () => {
        const now = d("2026-03-20T00:00:00.000Z");
        await post(cpath("upgrade invoice_now", "items/update/"), {
          contract_item: item(c("upgrade invoice_now")),
          price: P.premium.id,
          proration_behavior: "create_prorations",
          settlement_behavior: "invoice_now",
        });
        model.changePrice(c("upgrade invoice_now"), 0, P.premium, now, "invoice_now");
        await post(cpath("downgrade to credit", "items/update/"), {
          contract_item: item(c("downgrade to credit")),
          price: P.basic.id,
          proration_behavior: "create_prorations",
          settlement_behavior: "credit_balance",
        });
        model.changePrice(c("downgrade to credit"), 0, P.basic, now, "credit_balance");
        await post(cpath("downgrade, auto_apply_credit", "items/update/"), {
          contract_item: item(c("downgrade, auto_apply_credit")),
          price: P.basic.id,
          proration_behavior: "create_prorations",
          settlement_behavior: "credit_balance",
        });
        model.changePrice(c("downgrade, auto_apply_credit"), 0, P.basic, now, "credit_balance");
      },
    ],
    [
      "2026-03-25T00:00:00.000Z",
      async () => {
        for (const name of ["cancel now, restart", "cancel now, restart on day 1"]) {
          await post(cpath(name, "cancel/"), {});
          model.cancelNow(c(name), d("2026-03-25T00:00:00.000Z"));
        }
      },
    ],
    [
      "2026-04-05T00:00:00.000Z",
      async () => {
        // a restart bills a fresh period from now: a full month, or up to the next day 1 (partial_period)
        for (const name of ["cancel now, restart", "cancel now, restart on day 1"]) {
          await post(cpath(name, "restart/"), {});
          model.restart(c(name), d("2026-04-05T00:00:00.000Z"));
        }
      },
    ],
    [
      "2026-04-20T00:00:00.000Z",
      async () => {
        await post(cpath("cancel at period end", "cancel/"), { cancel_at_period_end: true });
        model.cancelAtPeriodEnd(c("cancel at period end"));
        // the downgraded contract upgrades again (invoice_now) and pays part of that run with its credit
        const m = c("downgrade to credit");
        const r = await post(cpath(m.name, "items/update/"), {
          contract_item: item(m),
          price: P.premium.id,
          proration_behavior: "create_prorations",
          settlement_behavior: "invoice_now",
        });
        model.changePrice(m, 0, P.premium, d("2026-04-20T00:00:00.000Z"), "invoice_now");
        await post(`/v2/billing-runs/${r.adjustment_billing_run_id}/apply-credit/`, {
          amount: "2.0000",
          reason: "use part of the downgrade credit",
        });
        model.applyCredit(m, m.runs.at(-1)!, p4("2"));
      },
    ],
    [
      "2026-05-15T00:00:00.000Z",
      async () => {
        const [s, e] = ["2026-06-01T00:00:00.000Z", "2026-07-31T00:00:00.000Z"];
        await post(cpath("early resume", "pause/"), { start_date: s, end_date: e });
        model.pause(c("early resume"), d(s), d(e), d("2026-05-15T00:00:00.000Z"));
      },
    ],
    [
      "2026-06-20T00:00:00.000Z",
      async () => {
        await post(cpath("early resume", "resume/"), { proration_behavior: "create_prorations" });
        model.resumeWithProration(c("early resume"), d("2026-06-20T00:00:00.000Z"));
      },
    ],
  ];
  // checkpoints: mid-month for a year, the dunning dates of the declining card, the day after each event
  const checks = [
    ...Array.from({ length: 12 }, (_, k) => new Date(Date.UTC(2026, k + 1, 16, 12)).toISOString()),
    "2026-01-12T00:00:00.000Z",
    "2026-02-12T12:00:00.000Z",
    "2026-02-13T00:00:00.000Z",
    "2026-02-20T00:00:00.000Z",
    "2026-02-26T00:00:00.000Z",
    "2026-03-21T00:00:00.000Z",
    "2026-04-06T00:00:00.000Z",
    "2026-06-11T00:00:00.000Z",
    "2026-06-21T00:00:00.000Z",
    "2027-01-20T00:00:00.000Z",
  ];
  const timeline = [...events.map(([t, act]) => ({ t, act })), ...checks.map((t) => ({ t, act: undefined }))].sort(
    (a, b) => a.t.localeCompare(b.t),
  );

  const diffs: Diffs = { list: [], compared: 0 };
  let clock = T0;
  for (const { t, act } of timeline) {
    if (t > clock) {
      await advance(w, t);
      clock = t;
    }
    model.advanceTo(d(t));
    if (model.contracts.length) await compareAll(t);
    if (act) await act();
  }

  async function compareAll(t: string) {
    svc.contracts = new Map((ok(await w.get("/v2/subscription-contracts/")) as any[]).map((x) => [x.id, x]));
    svc.runs = new Map();
    for (const r of (ok(await w.get("/v2/billing-runs/")) as any[]).sort((a, b) => a.id - b.id)) {
      svc.runs.set(r.contract_id, [...(svc.runs.get(r.contract_id) ?? []), r]);
    }
    for (const m of model.contracts) {
      const id = ids.get(m)!;
      const runs = svc.runs.get(id) ?? [];
      const where = `${t} [${m.name}]`;
      const exp = expectedContract(m, d(t));
      // runs are named by their position among the contract's runs (oldest first)
      const named = (x: { run: number; period_start_at: string | null; period_end_at: string | null } | null) =>
        x && {
          id: runs[x.run]?.id ?? `run #${x.run + 1}`,
          period_start_at: x.period_start_at,
          period_end_at: x.period_end_at,
        };
      compareInto(
        diffs,
        `${where} contract`,
        {
          ...exp,
          latest_billing_run: named(exp.latest_billing_run),
          initial_billing_run: named(exp.initial_billing_run),
        },
        svc.contracts.get(id),
      );
      compareInto(diffs, `${where} run count`, m.runs.length, runs.length);
      m.runs.forEach((r, k) => {
        if (runs[k])
          compareInto(
            diffs,
            `${where} run #${k + 1} (${r.kind} ${r.start.toISOString().slice(0, 10)})`,
            expectedRun(r),
            runs[k],
          );
      });
    }
    for (const [ref, kind] of [
      ["cust-1001", "good"],
      ["cust-1002", "declining"],
    ] as const) {
      const mine = model.contracts.filter((m) => m.def.customer === kind);
      const exp = expectedEntitlements(mine, d(t));
      const got = ok(await w.get(`/v2/customer-entitlements/?customer_reference=${ref}`));
      got.entitlements.sort((a: any, b: any) => a.product_name.localeCompare(b.product_name));
      for (const e of got.entitlements) e.contracts = e.contract_ids;
      const want = {
        ...exp,
        entitlements: exp.entitlements.map((e) => ({ ...e, contracts: e.contracts.map((k) => ids.get(mine[k])) })),
      };
      compareInto(diffs, `${t} entitlements of ${ref}`, want, got);
    }
  }

  // the model itself against hand arithmetic (Python Decimal, half-up) for a few first-run lines
  const firstLine = (name: string) => {
    const r = expectedRun(c(name).runs[0]);
    return [r.lines[0].proration_factor, r.lines[0].line_total_amount, r.lines[0].line_tax_amount, r.total_amount];
  };
  expect(firstLine("yearly on day 15")).toEqual(["0.013699", "1.6439", "0.3945", "2.0384"]); // 5 of 365 days × 120
  expect(firstLine("fixed day 31")).toEqual(["0.677419", "5.2688", "1.2645", "6.5333"]); // 21 of 31 days × 7.7777
  expect(firstLine("06:00 Europe/Helsinki")).toEqual(["0.166667", "1.3333", "0.1212", "1.3333"]); // 124 of 744 h × 8, VAT inside
  expect(firstLine("schedule")).toEqual(["0.899027", "29.6679", "2.6971", "29.6679"]); // Jan 10 00Z → Mar 31 21Z of Dec 31 22Z → Mar 31 21Z
  expect(expectedRun(c("quantity, discount, override").runs[0])).toMatchObject({
    total_amount: "61.2093",
    charged_amount: "61.2100",
    rounding_adjustment_amount: "-0.0007",
  });

  // SERVICE DIFFERS (reported): the first period's current_service_period_start_at, see oracle-model.ts
  const flagged = diffs.list.filter((x) => x.includes("current_service_period_start_at"));
  const others = diffs.list.filter((x) => !flagged.includes(x));
  const report = (list: string[]) => [
    ...list.slice(0, 60),
    ...(list.length > 60 ? [`… and ${list.length - 60} more`] : []),
  ];
  expect(report(others), `${others.length} of ${diffs.compared} compared fields differ`).toEqual([]);
  expect(
    report(flagged),
    `${flagged.length} of ${diffs.compared} compared fields differ: current_service_period_start_at of first periods (the service starts them before the contract existed)`,
  ).toEqual([]);
  expect(diffs.compared).toBeGreaterThan(500);
}, 120_000);

function extraItem(i: { discount?: bigint; override?: bigint }) {
  const fmt = (v: bigint) => `${v / 10_000n}.${(v % 10_000n).toString().padStart(4, "0")}`;
  return {
    ...(i.discount != null ? { discount_percent: fmt(i.discount) } : {}),
    ...(i.override != null ? { unit_amount_override: fmt(i.override) } : {}),
  };
}
