// The preview pattern (spec 4.6 rule 6) for item changes and for cancel/pause/resume/restart: exact
// previewed amounts, execution with the token yields exactly them, stale tokens after another change
// (code preview_stale), mismatched fields; and idempotent POSTs (Idempotency-Key header or body
// idempotency_key): replays, one effect, different parameters → 400, concurrent retries, released keys.
import { describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { api, patch, post, useSeed } from "@/tests/helpers";
import {
  APR10,
  amounts,
  at,
  cpath,
  createBasic,
  creditsOf,
  db,
  eventsOf,
  expect400,
  expectStatus,
  MAR20,
  OTHER_KEY,
  op,
  pendingOf,
  read,
  runsOf,
  seedFixed,
  URL,
} from "./_fixtures";

let _s: SeedResult;
let ids: Record<string, number>;
useSeed(seedFixed, (r) => ((_s = r), (ids = r.ids)));

const MIN = 60_000;
const plus = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();

async function preview(id: number, body: Record<string, unknown>, when = MAR20) {
  at(when);
  return expectStatus(await post(cpath(id, "proration-preview/"), body), 200);
}
const strip = ({ preview_token: _t, expires_at: _e, ...rest }: any) => rest;

// Basic 9.9000 × 21/31 (0.677419) = 6.7064 + VAT 1.6095 (see items-proration.test.ts)
describe("proration-preview for item changes", () => {
  it("default operation update_item: exact amounts and a token; nothing changes", async () => {
    const c = await createBasic(ids);
    const item = c.items[0].id;
    const p = await preview(c.id, { contract_item: item, quantity: 3 });
    expect(p).toMatchObject({
      operation: "update_item",
      contract_id: c.id,
      contract_version: 1,
      effective_at: MAR20,
      proration_behavior: "create_prorations",
      settlement_behavior: "next_invoice",
      include_pending_adjustments: false,
      resulting_state: "active",
      // 24.9479 − 8.3159 = 16.6320
      subtotal_amount: "13.4129",
      tax_amount: "3.2191",
      total_amount: "16.6320",
      next_invoice_amount: "16.6320",
      invoice_now_amount: "0.0000",
      credit_amount: "0.0000",
      expires_at: plus(MAR20, 30 * MIN),
    });
    expect(p.preview_token).toMatch(/^pv_/);
    expect(p.lines.map(amounts)).toEqual([
      {
        item,
        price: ids.basicMonthly,
        qty: 1,
        unit: "9.9000",
        factor: "0.677419",
        line: "-6.7064",
        subtotal: "-6.7064",
        tax: "-1.6095",
        reason: "quantity_changed",
        start: MAR20,
        end: APR10,
      },
      {
        item,
        price: ids.basicMonthly,
        qty: 3,
        unit: "9.9000",
        factor: "0.677419",
        line: "20.1193",
        subtotal: "20.1193",
        tax: "4.8286",
        reason: "quantity_changed",
        start: MAR20,
        end: APR10,
      },
    ]);
    for (const l of p.lines) expect(typeof l.description).toBe("string");
    const after = await read(c.id, MAR20);
    expect([after.contract_version, after.items[0].quantity]).toEqual([1, 1]);
    expect((await eventsOf(c.id)).length).toBe(1);
    expect(await pendingOf(c.id)).toEqual([]);
  });

  it("the execution call with the token yields exactly the previewed amounts, at the preview's effective_at", async () => {
    const c = await createBasic(ids);
    const item = c.items[0].id;
    const body = { contract_item: item, price: ids.premiumMonthly, settlement_behavior: "invoice_now" };
    const p = await preview(c.id, body);
    // executed 10 minutes later: still priced from Mar 20 00:00 (the preview's effective_at)
    const r = expectStatus(
      await op(c.id, "items/update/", { ...body, preview_token: p.preview_token }, plus(MAR20, 10 * MIN)),
      200,
    );
    expect(r.proration).toEqual(strip(p));
    expect(r.proration.invoice_now_amount).toBe("4.2000");
    const runs = await runsOf(c.id);
    expect(runs.map((x) => [x.kind, x.total])).toEqual([["adjustment", "4.2000"]]);
    expect(r.adjustment_billing_run_id).toBe(runs[0].id);
    expect(r.contract.contract_version).toBe(2);
  });

  it("add_item and remove_item previews execute to the same amounts", async () => {
    const c = await createBasic(ids);
    const add = await preview(c.id, { operation: "add_item", price: ids.sportsMonthly, quantity: 2 });
    // 5.0000 × 2 × 0.677419 = 6.77419 → 6.7742; VAT 1.625808 → 1.6258; 8.4000
    expect(add.lines.map(amounts)).toEqual([
      {
        item: null,
        price: ids.sportsMonthly,
        qty: 2,
        unit: "5.0000",
        factor: "0.677419",
        line: "6.7742",
        subtotal: "6.7742",
        tax: "1.6258",
        reason: "item_added",
        start: MAR20,
        end: APR10,
      },
    ]);
    expect(add.total_amount).toBe("8.4000");
    const r = expectStatus(
      await op(c.id, "items/add/", { price: ids.sportsMonthly, quantity: 2, preview_token: add.preview_token }, MAR20),
      200,
    );
    expect(r.proration.lines.map(amounts)).toEqual(
      add.lines.map(amounts).map((l: any) => ({ ...l, item: r.contract_item.id })),
    );
    expect({ ...strip(r.proration), lines: [] }).toEqual({ ...strip(add), lines: [] });

    const rm = await preview(
      c.id,
      { operation: "remove_item", contract_item: r.contract_item.id },
      "2026-03-21T00:00:00.000Z",
    );
    expect(rm.contract_version).toBe(2);
    // Mar 21 → Apr 10 = 20/31 = 0.645161; 5.0000 × 2 × 0.645161 = 6.45161 → 6.4516; VAT 1.548384 → 1.5484; −8.0000
    expect(rm.lines.map(amounts)).toEqual([
      {
        item: r.contract_item.id,
        price: ids.sportsMonthly,
        qty: 2,
        unit: "5.0000",
        factor: "0.645161",
        line: "-6.4516",
        subtotal: "-6.4516",
        tax: "-1.5484",
        reason: "item_removed",
        start: "2026-03-21T00:00:00.000Z",
        end: APR10,
      },
    ]);
    const done = expectStatus(
      await op(
        c.id,
        "items/remove/",
        { contract_item: r.contract_item.id, preview_token: rm.preview_token },
        "2026-03-21T00:00:00.000Z",
      ),
      200,
    );
    expect(done.proration).toEqual(strip(rm));
  });

  it("a token previewed with an explicit effective_at: the execution may omit it, but not send another one", async () => {
    const c = await createBasic(ids);
    const item = c.items[0].id;
    const body = { contract_item: item, quantity: 2, effective_at: "2026-03-15T00:00:00.000Z" };
    const p = await preview(c.id, body);
    expect([p.effective_at, p.total_amount]).toEqual(["2026-03-15T00:00:00.000Z", "10.2961"]); // 20.5921 − 10.2960 (26/31)
    expect400(
      await op(
        c.id,
        "items/update/",
        { ...body, effective_at: "2026-03-18T00:00:00.000Z", preview_token: p.preview_token },
        MAR20,
      ),
      "preview_token",
    );
    const r = expectStatus(
      await op(c.id, "items/update/", { contract_item: item, quantity: 2, preview_token: p.preview_token }, MAR20),
      200,
    );
    expect(r.proration).toEqual(strip(p));
  });

  it("a token is stale after another change of the contract (code preview_stale); nothing is applied", async () => {
    const c = await createBasic(ids);
    const item = c.items[0].id;
    const p = await preview(c.id, { contract_item: item, quantity: 3 });
    at(MAR20);
    expectStatus(await patch(cpath(c.id), { metadata: { touched: true } }), 200);
    const r = await op(
      c.id,
      "items/update/",
      { contract_item: item, quantity: 3, preview_token: p.preview_token },
      MAR20,
    );
    expect400(r, "preview_token");
    expect(r.body.code).toBe("preview_stale");
    const after = await read(c.id, MAR20);
    expect([after.contract_version, after.items[0].quantity]).toEqual([2, 1]);
    // a fresh preview works
    const p2 = await preview(c.id, { contract_item: item, quantity: 3 });
    expect(p2.contract_version).toBe(2);
    expectStatus(
      await op(c.id, "items/update/", { contract_item: item, quantity: 3, preview_token: p2.preview_token }, MAR20),
      200,
    );
  });

  it("a token is stale after another item change", async () => {
    const c = await createBasic(ids);
    const item = c.items[0].id;
    const p = await preview(c.id, { contract_item: item, quantity: 3 });
    expectStatus(await op(c.id, "items/add/", { price: ids.screenMonthly }, MAR20), 200);
    const r = await op(
      c.id,
      "items/update/",
      { contract_item: item, quantity: 3, preview_token: p.preview_token },
      MAR20,
    );
    expect([r.status, r.body.code]).toEqual([400, "preview_stale"]);
  });

  it("different fields, another operation, another contract, a forged or expired token → 400 preview_token", async () => {
    const c = await createBasic(ids);
    const other = await createBasic(ids);
    const item = c.items[0].id;
    const p = await preview(c.id, {
      contract_item: item,
      quantity: 3,
      proration_behavior: "create_prorations",
      settlement_behavior: "credit_balance",
    });
    const t = p.preview_token;
    const tries: [string, number, Record<string, unknown>, string][] = [
      [
        "items/update/",
        c.id,
        {
          contract_item: item,
          quantity: 4,
          proration_behavior: "create_prorations",
          settlement_behavior: "credit_balance",
        },
        MAR20,
      ],
      [
        "items/update/",
        c.id,
        {
          contract_item: item,
          quantity: 3,
          proration_behavior: "create_prorations",
          settlement_behavior: "invoice_now",
        },
        MAR20,
      ],
      ["items/update/", c.id, { contract_item: item, quantity: 3, settlement_behavior: "credit_balance" }, MAR20], // proration_behavior not sent again
      ["items/update/", c.id, { contract_item: item, quantity: 3, proration_behavior: "create_prorations" }, MAR20],
      [
        "items/update/",
        c.id,
        {
          contract_item: item,
          quantity: 3,
          discount_percent: "5",
          proration_behavior: "create_prorations",
          settlement_behavior: "credit_balance",
        },
        MAR20,
      ],
      ["items/remove/", c.id, { contract_item: item }, MAR20],
      [
        "items/update/",
        other.id,
        {
          contract_item: other.items[0].id,
          quantity: 3,
          proration_behavior: "create_prorations",
          settlement_behavior: "credit_balance",
        },
        MAR20,
      ],
      [
        "items/update/",
        c.id,
        {
          contract_item: item,
          quantity: 3,
          proration_behavior: "create_prorations",
          settlement_behavior: "credit_balance",
          preview_token: "pv_abc.def",
        },
        MAR20,
      ],
      [
        "items/update/",
        c.id,
        {
          contract_item: item,
          quantity: 3,
          proration_behavior: "create_prorations",
          settlement_behavior: "credit_balance",
          preview_token: t.slice(0, -2) + (t.endsWith("AA") ? "BB" : "AA"),
        },
        MAR20,
      ],
      [
        "items/update/",
        c.id,
        {
          contract_item: item,
          quantity: 3,
          proration_behavior: "create_prorations",
          settlement_behavior: "credit_balance",
        },
        plus(MAR20, 31 * MIN),
      ], // expired
    ];
    for (const [path, id, body, when] of tries) {
      const r = await op(id, path, { preview_token: t, ...body }, when);
      expect400(r, "preview_token");
      expect(r.body.code, JSON.stringify(body)).not.toBe("preview_stale");
    }
    expect((await read(c.id, MAR20)).contract_version).toBe(1);
    expect((await read(other.id, MAR20)).contract_version).toBe(1);
    // the genuine call still works within the lifetime (30 minutes)
    const ok = expectStatus(
      await op(
        c.id,
        "items/update/",
        {
          contract_item: item,
          quantity: 3,
          proration_behavior: "create_prorations",
          settlement_behavior: "credit_balance",
          preview_token: t,
          reason: "upsell",
        },
        plus(MAR20, 29 * MIN),
      ),
      200,
    );
    expect(ok.proration).toEqual(strip(p));
  });

  it("preview 400s: unknown operation, fields of another operation, missing required fields, no change, refused transitions; 404 elsewhere", async () => {
    const c = await createBasic(ids);
    const item = c.items[0].id;
    at(MAR20);
    const pv = (body: unknown, o?: any) => post(cpath(c.id, "proration-preview/"), body, o);
    expect400(await pv({ operation: "refund" }), "operation");
    expect400(
      await pv({ operation: "remove_item", contract_item: item, unit_amount_override: "1.0000" }),
      "unit_amount_override",
    );
    expect400(await pv({ operation: "cancel", start_date: MAR20 }), "start_date");
    expect400(await pv({ operation: "pause", end_date: APR10 }), "start_date");
    expect400(await pv({ operation: "add_item" }), "price");
    expect400(await pv({ quantity: 2 }), "contract_item");
    const nc = await pv({ contract_item: item, quantity: 1 });
    expect([nc.status, nc.body.code]).toEqual([400, "no_change"]);
    expect400(await pv({ operation: "resume" }), "non_field_errors");
    expect400(await pv({ operation: "restart" }), "non_field_errors");
    expect400(await pv({ operation: "cancel", cancel_at: "2026-03-01T00:00:00.000Z" }), "cancel_at");
    expect((await pv({ operation: "cancel" }, { key: OTHER_KEY })).status).toBe(404);
    expect((await post(cpath(999999, "proration-preview/"), { operation: "cancel" })).status).toBe(404);
    expect((await eventsOf(c.id)).length).toBe(1);
  });
});

describe("proration-preview for lifecycle operations", () => {
  it("cancel (create_prorations): credit 8.3159; the execution with the token records exactly that credit", async () => {
    const c = await createBasic(ids);
    const body = { proration_behavior: "create_prorations" };
    const p = await preview(c.id, { operation: "cancel", ...body });
    expect(p).toMatchObject({
      operation: "cancel",
      resulting_state: "canceled",
      settlement_behavior: "credit_balance",
      total_amount: "-8.3159",
      credit_amount: "8.3159",
      next_invoice_amount: "0.0000",
    });
    expect(p.lines.map(amounts)).toEqual([
      {
        item: c.items[0].id,
        price: ids.basicMonthly,
        qty: 1,
        unit: "9.9000",
        factor: "0.677419",
        line: "-6.7064",
        subtotal: "-6.7064",
        tax: "-1.6095",
        reason: "canceled",
        start: MAR20,
        end: APR10,
      },
    ]);
    const r = expectStatus(await op(c.id, "cancel/", { ...body, preview_token: p.preview_token }, MAR20), 200);
    expect(r).toMatchObject({ state: "canceled", credit_balance: "8.3159", canceled_at: MAR20 });
    expect(await creditsOf(c.id)).toEqual([{ amount: "8.3159", kind: "grant", operation: "cancel", currency: "EUR" }]);
  });

  it("cancel at period end previews no lines and keeps the state", async () => {
    const c = await createBasic(ids);
    const p = await preview(c.id, { operation: "cancel", cancel_at_period_end: true });
    expect([p.lines, p.total_amount, p.resulting_state]).toEqual([[], "0.0000", "active"]);
    const r = expectStatus(
      await op(c.id, "cancel/", { cancel_at_period_end: true, preview_token: p.preview_token }, MAR20),
      200,
    );
    expect(r).toMatchObject({ state: "active", cancel_at_period_end: true, cancel_at: APR10 });
    // the token does not fit another cancel form
    const c2 = await createBasic(ids);
    const p2 = await preview(c2.id, { operation: "cancel", cancel_at_period_end: true });
    expect400(await op(c2.id, "cancel/", { preview_token: p2.preview_token }, MAR20), "preview_token");
  });

  it("pause (create_prorations): credit 3.9601, executed a few minutes later with the token gives the same credit", async () => {
    const c = await createBasic(ids);
    const body = { start_date: MAR20, end_date: "2026-03-30T00:00:00.000Z", proration_behavior: "create_prorations" };
    const p = await preview(c.id, { operation: "pause", ...body });
    // Mar 20 → Mar 30 = 10/31 = 0.322581: 3.1936 + VAT 0.7665 = 3.9601
    expect(p.lines.map(amounts)).toEqual([
      {
        item: c.items[0].id,
        price: ids.basicMonthly,
        qty: 1,
        unit: "9.9000",
        factor: "0.322581",
        line: "-3.1936",
        subtotal: "-3.1936",
        tax: "-0.7665",
        reason: "paused",
        start: MAR20,
        end: "2026-03-30T00:00:00.000Z",
      },
    ]);
    expect(p).toMatchObject({ resulting_state: "paused", credit_amount: "3.9601" });
    const r = expectStatus(
      await op(c.id, "pause/", { ...body, preview_token: p.preview_token }, plus(MAR20, 5 * MIN)),
      200,
    );
    expect(r).toMatchObject({ state: "paused", credit_balance: "3.9601" });
  });

  it("resume (create_prorations): charge 1.9800 for the pause days given back, same with the token", async () => {
    const c = await createBasic(ids);
    expectStatus(await op(c.id, "pause/", { start_date: MAR20, end_date: "2026-03-30T00:00:00.000Z" }, MAR20), 200);
    const when = "2026-03-25T00:00:00.000Z";
    const p = await preview(c.id, { operation: "resume", proration_behavior: "create_prorations" }, when);
    // Mar 25 → Mar 30 = 5/31 = 0.161290: 1.5968 + VAT 0.3832 = 1.9800, for the next invoice
    expect(p.lines.map(amounts)).toEqual([
      {
        item: c.items[0].id,
        price: ids.basicMonthly,
        qty: 1,
        unit: "9.9000",
        factor: "0.161290",
        line: "1.5968",
        subtotal: "1.5968",
        tax: "0.3832",
        reason: "resumed",
        start: when,
        end: "2026-03-30T00:00:00.000Z",
      },
    ]);
    expect(p).toMatchObject({
      resulting_state: "active",
      next_invoice_amount: "1.9800",
      settlement_behavior: "next_invoice",
    });
    const r = expectStatus(
      await op(
        c.id,
        "resume/",
        { proration_behavior: "create_prorations", preview_token: p.preview_token },
        plus(when, 5 * MIN),
      ),
      200,
    );
    expect(r.state).toBe("active");
    // the pause ends at the previewed instant, matching the charged days
    expect(r.pauses[0]).toMatchObject({ state: "completed", end_date: when });
    expect((await pendingOf(c.id)).map((l) => [l.reason, l.factor, l.line, l.tax])).toEqual([
      ["resumed", "0.161290", "1.5968", "0.3832"],
    ]);
  });

  it("resume with an effective_at in the future → 400 effective_at", async () => {
    const c = await createBasic(ids);
    expectStatus(await op(c.id, "pause/", { start_date: MAR20, end_date: "2026-03-30T00:00:00.000Z" }, MAR20), 200);
    expect400(
      await op(c.id, "resume/", { effective_at: "2026-03-26T00:00:00.000Z" }, "2026-03-25T00:00:00.000Z"),
      "effective_at",
    );
    expect((await read(c.id, "2026-03-25T00:00:00.000Z")).state).toBe("paused");
  });

  it("restart: an empty preview and a token that executes", async () => {
    const c = await createBasic(ids);
    expectStatus(await op(c.id, "cancel/", { cancel_at_period_end: true }, MAR20), 200);
    const p = await preview(c.id, { operation: "restart" }, "2026-03-21T00:00:00.000Z");
    expect([p.lines, p.total_amount, p.resulting_state, p.settlement_behavior]).toEqual([
      [],
      "0.0000",
      "active",
      "next_invoice",
    ]);
    const r = expectStatus(
      await op(c.id, "restart/", { preview_token: p.preview_token }, "2026-03-21T00:00:00.000Z"),
      200,
    );
    expect(r).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
  });

  it("a lifecycle token is stale after another change", async () => {
    const c = await createBasic(ids);
    const p = await preview(c.id, { operation: "cancel", proration_behavior: "create_prorations" });
    expectStatus(await op(c.id, "items/update/", { contract_item: c.items[0].id, quantity: 2 }, MAR20), 200);
    const r = await op(
      c.id,
      "cancel/",
      { proration_behavior: "create_prorations", preview_token: p.preview_token },
      MAR20,
    );
    expect([r.status, r.body.code, Object.keys(r.body)]).toEqual([400, "preview_stale", ["preview_token", "code"]]);
    expect((await read(c.id, MAR20)).state).toBe("active");
  });
});

describe("idempotent POSTs", () => {
  const createBody = () => ({
    customer_reference: "cust-1002",
    items: [{ price: ids.basicMonthly }],
    initial_billing_mode: "create_initial_run",
  });
  const contractsOf = async () => db().subscriptionContract.count({ where: { customer: { reference: "cust-1002" } } });

  it("Idempotency-Key header: the retry replays the stored 201 with idempotent-replayed: true, one contract, one event, one run", async () => {
    const before = await contractsOf();
    at(MAR20);
    const a = await post(URL, createBody(), { headers: { "Idempotency-Key": "create-1" } });
    expectStatus(a, 201);
    expect(a.headers.get("idempotent-replayed")).toBeNull();
    at(plus(MAR20, MIN));
    const b = await post(URL, createBody(), { headers: { "Idempotency-Key": "create-1" } });
    expect(b.status).toBe(201);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(b.body).toEqual(a.body);
    expect(await contractsOf()).toBe(before + 1);
    expect((await eventsOf(a.body.id)).length).toBe(1);
    expect((await runsOf(a.body.id)).length).toBe(1);
  });

  it("idempotency_key in the body works the same; the key itself is not part of the compared parameters", async () => {
    const before = await contractsOf();
    at(MAR20);
    const a = expectStatus(await post(URL, { ...createBody(), idempotency_key: "create-2" }), 201);
    const b = await post(URL, { ...createBody(), idempotency_key: "create-2" });
    expect([b.status, b.headers.get("idempotent-replayed")]).toEqual([201, "true"]);
    expect(b.body).toEqual(a);
    // the header form of the same key is the same request
    const h = await post(URL, createBody(), { headers: { "Idempotency-Key": "create-2" } });
    expect([h.status, h.body.id]).toEqual([201, a.id]);
    expect(await contractsOf()).toBe(before + 1);
  });

  it("the same key with different parameters → 400 idempotency_key, nothing created", async () => {
    at(MAR20);
    const a = expectStatus(await post(URL, createBody(), { headers: { "Idempotency-Key": "create-3" } }), 201);
    const before = await contractsOf();
    const b = await post(
      URL,
      { ...createBody(), items: [{ price: ids.basicMonthly, quantity: 2 }] },
      { headers: { "Idempotency-Key": "create-3" } },
    );
    expect400(b, "idempotency_key");
    expect(await contractsOf()).toBe(before);
    // the original still replays
    expect((await post(URL, createBody(), { headers: { "Idempotency-Key": "create-3" } })).body.id).toBe(a.id);
  });

  it("concurrent requests with one key (Promise.all) create one contract; every response is that contract", async () => {
    const before = await contractsOf();
    const events = await db().outboxEvent.count();
    at(MAR20);
    const rs = await Promise.all(
      Array.from({ length: 5 }, () => post(URL, createBody(), { headers: { "Idempotency-Key": "create-concurrent" } })),
    );
    expect(rs.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(rs.map((r) => r.body.id)).size).toBe(1);
    expect(rs.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(4);
    for (const r of rs) expect(r.body).toEqual(rs[0].body);
    expect(await contractsOf()).toBe(before + 1);
    expect(await db().outboxEvent.count()).toBe(events + 1);
  });

  it("a failed request releases the key: the corrected retry executes, a failing one is not replayed", async () => {
    const before = await contractsOf();
    at(MAR20);
    const bad = { ...createBody(), initial_items: [{ price: ids.setupFee }], initial_billing_mode: "none" };
    expect400(await post(URL, bad, { headers: { "Idempotency-Key": "create-4" } }), "initial_items");
    expect400(await post(URL, bad, { headers: { "Idempotency-Key": "create-4" } }), "initial_items");
    const ok = await post(URL, createBody(), { headers: { "Idempotency-Key": "create-4" } });
    expect([ok.status, ok.headers.get("idempotent-replayed")]).toEqual([201, null]);
    expect(await contractsOf()).toBe(before + 1);
  });

  it("keys are scoped per account and per endpoint; over-long keys are 400", async () => {
    at(MAR20);
    const a = expectStatus(await post(URL, createBody(), { headers: { "Idempotency-Key": "shared-key" } }), 201);
    // another endpoint with the same key executes
    const cancel = await post(
      cpath(a.id, "cancel/"),
      { cancel_at_period_end: true },
      { headers: { "Idempotency-Key": "shared-key" } },
    );
    expect([cancel.status, cancel.headers.get("idempotent-replayed")]).toEqual([200, null]);
    // another account with the same key is its own request (and fails there: unknown customer)
    expect400(
      await post(URL, createBody(), { headers: { "Idempotency-Key": "shared-key" }, key: OTHER_KEY }),
      "customer_reference",
    );
    expect400(await post(URL, createBody(), { headers: { "Idempotency-Key": "k".repeat(256) } }), "idempotency_key");
    expect400(await post(URL, { ...createBody(), idempotency_key: "" }), "idempotency_key");
  });

  it("an item change retried with its key is applied once: one version bump, one event, one pending pair", async () => {
    const c = await createBasic(ids);
    const item = c.items[0].id;
    const body = { contract_item: item, quantity: 2, idempotency_key: "upd-1" };
    const a = expectStatus(await op(c.id, "items/update/", body, MAR20), 200);
    const b = await op(c.id, "items/update/", body, plus(MAR20, MIN));
    expect([b.status, b.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
    expect(b.body).toEqual(a);
    expect((await read(c.id, MAR20)).contract_version).toBe(2);
    expect((await eventsOf(c.id)).length).toBe(2);
    expect((await pendingOf(c.id)).length).toBe(2);
    // same key, other quantity → 400
    expect400(await op(c.id, "items/update/", { ...body, quantity: 3 }, MAR20), "idempotency_key");
  });

  it("a lifecycle call retried with its key replays its 200 instead of failing on the new state", async () => {
    const c = await createBasic(ids);
    const a = expectStatus(await op(c.id, "cancel/", { idempotency_key: "cancel-1" }, MAR20), 200);
    const b = await op(c.id, "cancel/", { idempotency_key: "cancel-1" }, plus(MAR20, MIN));
    expect([b.status, b.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
    expect(b.body).toEqual(a);
    expect((await eventsOf(c.id)).map((e) => e.type)).toEqual([
      "subscription_contract.created",
      "subscription_contract.canceled",
    ]);
    // without the key the repeat is a refused transition
    expect400(await op(c.id, "cancel/", {}, MAR20), "non_field_errors");
  });

  it("activate (no body) with a key in the header replays", async () => {
    const c = await createBasic(ids, { activate: false });
    at(MAR20);
    const a = await api("POST", cpath(c.id, "activate/"), { headers: { "Idempotency-Key": "act-1" } });
    const b = await api("POST", cpath(c.id, "activate/"), { headers: { "Idempotency-Key": "act-1" } });
    expect([a.status, b.status, b.headers.get("idempotent-replayed")]).toEqual([200, 200, "true"]);
    expect((await eventsOf(c.id)).length).toBe(2);
  });
});
