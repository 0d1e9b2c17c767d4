// The console's header search (domain/search, tRPC search.query): each kind of record by what a seller types,
// grouped; only the caller's account; every role may search.
import { beforeAll, describe, expect, it } from "vitest";
import { consoleSearch } from "@/server/domain/search/search";
import { appRouter } from "@/server/trpc/root";
import { NOW, type Portfolio, seedPortfolio } from "@/tests/console/_portfolio";
import { ctxFor, db } from "@/tests/helpers";

let p: Portfolio;
const search = (q: string, accountId = p.accountId) => consoleSearch(ctxFor(accountId, NOW), { q });
const groupOf = async (q: string, group: string) => (await search(q)).filter((h) => h.group === group);
let customerId: number;
let noteId: number;

beforeAll(async () => {
  p = await seedPortfolio();
  const c = await db().customer.create({
    data: { accountId: p.accountId, reference: "zed-900", name: "Zed Zebra", email: "zed.zebra@example.org" },
  });
  customerId = c.id;
  await db().customer.create({
    data: { accountId: p.otherAccountId, reference: "zed-other", name: "Zed Elsewhere", email: "zed.zebra@other.org" },
  });
  await db().billingRun.update({ where: { id: p.runs.r1 }, data: { receiptNumber: 42 } });
  const run = await db().billingRun.findUniqueOrThrow({ where: { id: p.runs.r1 } });
  noteId = (
    await db().creditNote.create({
      data: {
        accountId: p.accountId,
        runId: run.id,
        contractId: run.contractId,
        customerId: run.customerId,
        number: 12,
        issuedAt: NOW,
        currency: "EUR",
        kind: "credit",
        reason: "goodwill",
        subtotal: "-1",
        tax: "0",
        total: "-1",
        refundAmount: "0",
        creditAmount: "1",
        createdAt: NOW,
      },
    })
  ).id;
});

describe("console search", () => {
  it("finds customers by e-mail, reference or name, case-insensitively", async () => {
    for (const q of ["zed.zebra@example.org", "ZED-900", "zebra", "example.org"]) {
      const found = await groupOf(q, "customers");
      expect(
        found.map((h) => h.id),
        q,
      ).toContain(customerId);
      expect(found.find((h) => h.id === customerId)).toMatchObject({ key: "zed-900", title: "Zed Zebra" });
    }
  });

  it("reads a query with an @ as the start of an e-mail address: matched as a prefix, in any case", async () => {
    for (const q of ["Zed.Zebra@Example.ORG", "zed.zebra@exa", "ZED.ZEBRA@"])
      expect(
        (await groupOf(q, "customers")).map((h) => h.id),
        q,
      ).toEqual([customerId]);
    // not a substring of the address: the same words later in it find nothing
    expect(await groupOf("zebra@example.org", "customers")).toEqual([]);
    expect(await groupOf("%@example.org", "customers")).toEqual([]);
  });

  it("finds a contract and a run by id, a receipt by its number and a credit note by its CN- number", async () => {
    expect((await groupOf(String(p.c.c1), "contracts")).map((h) => h.id)).toEqual([p.c.c1]);
    expect((await groupOf(String(p.runs.r2), "billing_runs")).map((h) => h.id)).toEqual([p.runs.r2]);
    for (const q of ["R-000042", "r42", "42"])
      expect(await groupOf(q, "receipts"), q).toEqual([
        expect.objectContaining({ id: 42, key: String(p.runs.r1), title: "Receipt R-000042" }),
      ]);
    for (const q of ["CN-000012", "cn-12"])
      expect(await groupOf(q, "credit_notes"), q).toEqual([
        expect.objectContaining({ id: 12, key: String(noteId), title: "Credit note CN-000012" }),
      ]);
    expect(await groupOf("CN-000012", "receipts")).toEqual([]);
  });

  it("finds products and prices by name", async () => {
    const products = await groupOf("inclus", "products");
    expect(products.map((h) => h.title)).toEqual(["Inclusive"]);
    const prices = await groupOf("inclus", "prices");
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((h) => h.title.startsWith("Inclusive") && h.key === String(products[0].id))).toBe(true);
  });

  it("never shows another account's records", async () => {
    const mine = await search("zed");
    expect(mine.map((h) => h.title)).not.toContain("Zed Elsewhere");
    expect(await search("other")).toEqual([]);
    for (const id of Object.values(p.other)) {
      const hits = await search(String(id));
      expect(hits.filter((h) => h.id === id && h.group !== "receipts" && h.group !== "credit_notes")).toEqual([]);
    }
    expect((await search("zed.zebra@other.org", p.otherAccountId)).map((h) => h.title)).toEqual(["Zed Elsewhere"]);
  });

  it("treats LIKE wildcards as text and an empty query as nothing", async () => {
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
    expect(await search("   ")).toEqual([]);
  });

  it("is a query every role may run (tRPC search.query)", async () => {
    const viewer = await db().user.create({
      data: {
        accountId: p.accountId,
        email: `viewer-${Date.now()}@search.test`,
        name: "V",
        passwordHash: "x",
        role: "read_only",
      },
    });
    const caller = appRouter.createCaller({
      session: { userId: viewer.id, accountId: p.accountId, email: viewer.email, name: "V" },
    });
    const hits = await caller.search.query({ q: "zed-900" });
    expect(hits).toEqual([expect.objectContaining({ group: "customers", id: customerId })]);
    await expect(caller.search.query({ q: "x".repeat(101) })).rejects.toThrow();
  });
});
