// GET list/detail and PATCH of /v2/subscription-contracts/ (spec 4, 4.6 List and Patch, 7, 8): filters,
// fixed newest-first order, pagination, unknown parameters, account isolation, the five patchable fields.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { get, patch, post, setRequestTime } from "@/tests/helpers";
import {
  at,
  cpath,
  createBasic,
  db,
  eventsOf,
  expect400,
  expectContractShape,
  expectStatus,
  OTHER_KEY,
  read,
  seedFixed,
  setContract,
  T0,
  URL,
} from "./_fixtures";

let s: SeedResult;
let ids: Record<string, number>;
/** contracts created for the list tests, oldest first */
const made: { id: number; customer: string; createdAt: string }[] = [];
let cust: Record<string, number>;

beforeAll(async () => {
  s = await seedFixed();
  ids = s.ids;
  const customers = await db().customer.findMany({ where: { accountId: s.accountId } });
  cust = Object.fromEntries(customers.map((c) => [c.reference, c.id]));
  // six contracts: three customers, different creation times and two at the same instant (tie → id desc)
  const plan: [string, string][] = [
    ["cust-1001", "2026-03-01T00:00:00.000Z"],
    ["cust-1002", "2026-03-02T00:00:00.000Z"],
    ["cust-1001", "2026-03-03T00:00:00.000Z"],
    ["cust-1003", "2026-03-04T00:00:00.000Z"],
    ["cust-1002", "2026-03-04T00:00:00.000Z"],
    ["cust-1001", "2026-02-15T00:00:00.000Z"], // created last, but the oldest creation time
  ];
  for (const [customer, when] of plan) {
    const c = await createBasic(ids, { customer_reference: customer }, when);
    made.push({ id: c.id, customer, createdAt: when });
  }
  // states: #1 canceled, #2 paused, #3 inactive and #4 ended (set directly)
  at("2026-03-05T00:00:00.000Z");
  expectStatus(await post(cpath(made[1].id, "cancel/"), {}), 200);
  expectStatus(
    await post(cpath(made[2].id, "pause/"), {
      start_date: "2026-03-05T00:00:00.000Z",
      end_date: "2026-03-25T00:00:00.000Z",
    }),
    200,
  );
  await setContract(made[3].id, { state: "inactive" });
  await setContract(made[4].id, { state: "ended", endedAt: new Date("2026-03-05T00:00:00.000Z"), recurring: false });
});
afterEach(() => setRequestTime(null));

const idsOf = (list: any[]) => list.map((c) => c.id);
// newest first by created_at, then id: Mar 4 (#4 id > #3 id), Mar 3, Mar 2, Mar 1, Feb 15
const ORDER = () => [made[4].id, made[3].id, made[2].id, made[1].id, made[0].id, made[5].id];

describe("GET /v2/subscription-contracts/ (list)", () => {
  it("unpaginated: a plain array in the fixed order newest first (created_at, then id)", async () => {
    at(T0);
    const list = expectStatus(await get(URL), 200);
    expect(Array.isArray(list)).toBe(true);
    expect(idsOf(list)).toEqual(ORDER());
    for (const c of list) expectContractShape(c);
  });

  it("filters by state", async () => {
    at(T0);
    const by = async (state: string) => idsOf(expectStatus(await get(`${URL}?state=${state}`), 200));
    expect(await by("active")).toEqual([made[0].id, made[5].id]);
    expect(await by("canceled")).toEqual([made[1].id]);
    expect(await by("paused")).toEqual([made[2].id]);
    expect(await by("inactive")).toEqual([made[3].id]);
    expect(await by("ended")).toEqual([made[4].id]);
  });

  it("filters by customer id and by customer_reference, also combined with state", async () => {
    at(T0);
    expect(idsOf(expectStatus(await get(`${URL}?customer=${cust["cust-1001"]}`), 200))).toEqual([
      made[2].id,
      made[0].id,
      made[5].id,
    ]);
    expect(idsOf(expectStatus(await get(`${URL}?customer_reference=cust-1002`), 200))).toEqual([
      made[4].id,
      made[1].id,
    ]);
    expect(idsOf(expectStatus(await get(`${URL}?customer_reference=cust-1001&state=active`), 200))).toEqual([
      made[0].id,
      made[5].id,
    ]);
    expect(
      idsOf(expectStatus(await get(`${URL}?customer=${cust["cust-1002"]}&customer_reference=cust-1001`), 200)),
    ).toEqual([]);
    expect(expectStatus(await get(`${URL}?customer_reference=nobody`), 200)).toEqual([]);
    expect(expectStatus(await get(`${URL}?customer=999999`), 200)).toEqual([]);
  });

  it("ignores unknown query parameters (including ordering)", async () => {
    at(T0);
    const list = expectStatus(await get(`${URL}?ordering=id&sort=asc&foo=bar&active_from=2020-01-01`), 200);
    expect(idsOf(list)).toEqual(ORDER());
  });

  it("rejects invalid filter values with 400", async () => {
    at(T0);
    expect400(await get(`${URL}?state=running`), "state");
    expect400(await get(`${URL}?customer=abc`), "customer");
  });

  it("paginates only with page_size: {count, next, previous, results}", async () => {
    at(T0);
    const p1 = expectStatus(await get(`${URL}?page_size=4`), 200);
    expect(p1.count).toBe(6);
    expect(idsOf(p1.results)).toEqual(ORDER().slice(0, 4));
    expect(p1.previous).toBeNull();
    expect(p1.next).toContain("page=2");
    expect(p1.next).toContain("page_size=4");
    const p2 = expectStatus(await get(`${URL}?page_size=4&page=2`), 200);
    expect(p2.count).toBe(6);
    expect(idsOf(p2.results)).toEqual(ORDER().slice(4));
    expect(p2.next).toBeNull();
    expect(p2.previous).not.toBeNull();
    // filters apply before paging
    const f = expectStatus(await get(`${URL}?page_size=1&customer_reference=cust-1001&page=3`), 200);
    expect([f.count, idsOf(f.results)]).toEqual([3, [made[5].id]]);
  });

  it("page_size defaults to 10 when empty, is clamped to 1000, and bad values are 400 / pages past the end 404", async () => {
    at(T0);
    const d = expectStatus(await get(`${URL}?page_size=`), 200);
    expect(d.results).toHaveLength(6);
    expect(expectStatus(await get(`${URL}?page_size=5000`), 200).results).toHaveLength(6);
    expect400(await get(`${URL}?page_size=0`), "page_size");
    expect400(await get(`${URL}?page_size=x`), "page_size");
    expect400(await get(`${URL}?page_size=2&page=0`), "page");
    expect((await get(`${URL}?page_size=4&page=3`)).status).toBe(404);
  });

  it("another account sees none of these contracts", async () => {
    at(T0);
    expect(expectStatus(await get(URL, { key: OTHER_KEY }), 200)).toEqual([]);
    expect(expectStatus(await get(`${URL}?customer=${cust["cust-1001"]}`, { key: OTHER_KEY }), 200)).toEqual([]);
  });
});

describe("GET /v2/subscription-contracts/{id}/", () => {
  it("reads one contract", async () => {
    const c = await read(made[0].id, T0);
    expect(c).toMatchObject({
      id: made[0].id,
      customer_reference: "cust-1001",
      created_at: made[0].createdAt,
      state: "active",
    });
  });

  it("404 for another account's contract, an unknown id and a non-integer id", async () => {
    at(T0);
    expect((await get(cpath(made[0].id), { key: OTHER_KEY })).status).toBe(404);
    expect((await get(cpath(999999))).status).toBe(404);
    expect((await get(`${URL}abc/`)).status).toBe(404);
    expect((await get(`${URL}-1/`)).status).toBe(404);
  });
});

describe("PATCH /v2/subscription-contracts/{id}/ (spec 4.6 Patch)", () => {
  it("changes each of the five fields, bumping contract_version by one and writing an updated event each time", async () => {
    const c = await createBasic(ids, { metadata: { keep: "no", a: 1 } });
    const changes: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ metadata: { b: 2 } }, { metadata: { b: 2 } }], // replaced as sent
      [{ payment_processor_override: ids.cardProcessor }, { payment_processor_override: ids.cardProcessor }],
      [
        { delivery_address: { street: "Side 2", zip: "02100" } },
        { delivery_address: { street: "Side 2", zip: "02100" } },
      ],
      [{ accounting_department: "Finance" }, { accounting_department: "Finance" }],
      [{ accounting_cost_center: "CC-9" }, { accounting_cost_center: "CC-9" }],
      [
        { payment_processor_override: null, delivery_address: null },
        { payment_processor_override: null, delivery_address: null },
      ],
    ];
    let version = c.contract_version;
    for (const [i, [body, expected]] of changes.entries()) {
      const when = `2026-03-11T0${i}:00:00.000Z`;
      at(when);
      const r = expectStatus(await patch(cpath(c.id), body), 200);
      expect(r).toMatchObject({ ...expected, contract_version: version + 1, updated_at: when, created_at: T0 });
      version += 1;
      expect(await read(c.id)).toEqual(r);
    }
    const events = await eventsOf(c.id);
    expect(events.map((e) => e.type)).toEqual([
      "subscription_contract.created",
      ...changes.map(() => "subscription_contract.updated"),
    ]);
    expect(events.map((e) => (e.payload as any).data.contract_version)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // untouched fields stay
    const last = await read(c.id);
    expect(last).toMatchObject({
      metadata: { b: 2 },
      accounting_department: "Finance",
      accounting_cost_center: "CC-9",
      state: "active",
      next_billing_at: "2026-04-10T00:00:00.000Z",
    });
  });

  const forbidden: [string, unknown][] = [
    ["state", "canceled"],
    ["currency", "USD"],
    ["customer_reference", "cust-1002"],
    ["customer_id", 2],
    ["items", []],
    ["recurring", false],
    ["contract_version", 9],
    ["next_billing_at", "2026-05-01T00:00:00Z"],
    ["cancel_at", "2026-05-01T00:00:00Z"],
    ["cancel_at_period_end", true],
    ["billing_anchor_at", "2026-05-01T00:00:00Z"],
    ["billing_timezone", "Europe/Helsinki"],
    ["discount", {}],
    ["shipping_selection", {}],
    ["subscriber_page", "x"],
    ["legacy_subscription_ids", [1]],
    ["billing_advance_policy", "on_run_succeeded"],
    ["unknown_field", 1],
  ];
  for (const [field, value] of forbidden) {
    it(`a patch of ${field} → 400 ${field}, nothing changes`, async () => {
      const c = made[0];
      const before = await read(c.id, T0);
      const events = (await eventsOf(c.id)).length;
      at(T0);
      expect400(await patch(cpath(c.id), { [field]: value }), field);
      // also when sent together with an allowed field
      expect400(await patch(cpath(c.id), { metadata: { x: 1 }, [field]: value }), field);
      expect(await read(c.id)).toEqual(before);
      expect((await eventsOf(c.id)).length).toBe(events);
    });
  }

  it("type errors in the allowed fields are 400 on that field", async () => {
    at(T0);
    expect400(await patch(cpath(made[0].id), { metadata: "x" }), "metadata");
    expect400(await patch(cpath(made[0].id), { payment_processor_override: "abc" }), "payment_processor_override");
    expect400(await patch(cpath(made[0].id), { delivery_address: "street" }), "delivery_address");
    expect400(await patch(cpath(made[0].id), { accounting_department: 5 }), "accounting_department");
  });

  it("404 for another account's contract or an unknown id", async () => {
    at(T0);
    expect((await patch(cpath(made[0].id), { metadata: {} }, { key: OTHER_KEY })).status).toBe(404);
    expect((await patch(cpath(999999), { metadata: {} })).status).toBe(404);
  });
});
