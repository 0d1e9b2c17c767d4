// Receipts: every succeeded run gets the account's next receipt number (no gaps, no duplicates, also
// when several workers settle at once); failed runs get none; GET /v2/billing-runs/{id}/receipt/ returns
// the document (JSON, or the PDF) and 404 for runs without a receipt or of other accounts.
//   Streaming Basic monthly 9.9000 + VAT 24 % → 12.2760; the processor is charged 12.28.
import path from "node:path";
import { inflateSync } from "node:zlib";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/clock";
import { newPrismaClient } from "@/server/db";
import { assignReceiptNumbers } from "@/server/domain/receipts/number";
import { receiptForSubscriber } from "@/server/domain/receipts/receipt";
import type { PrismaClient } from "@/server/generated/prisma/client";
import { billChunk, dueChunks } from "@/server/worker/billing";
import { advance, at, createContract, newWorld, ok, runsOf, type World } from "@/tests/billing/_world";
import { db, get, post } from "@/tests/helpers";

const T0 = "2026-01-10T00:00:00.000Z";
const FEB10 = "2026-02-10T00:00:00.000Z";
afterEach(() => at(null));

const clients: PrismaClient[] = [];
afterAll(async () => {
  for (const c of clients) await c.$disconnect();
});

/** The text of a PDF: its raw bytes plus every inflated stream (pdf-lib compresses page contents). */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString("latin1");
  let out = raw;
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = raw.indexOf("endstream", start);
    try {
      out += inflateSync(bytes.subarray(start, end)).toString("latin1");
    } catch {
      // not a flate stream
    }
  }
  // text drawn with the standard fonts is written as hex strings: <52...> Tj
  return out.replace(/<([0-9A-Fa-f\s]+)>/g, (_, hex: string) =>
    Buffer.from(hex.replace(/\s/g, ""), "hex").toString("latin1"),
  );
}

async function pdfOf(runId: number, key: string) {
  const mod = await import(path.resolve("app/api/v2/billing-runs/[billingRunId]/receipt/route.ts"));
  const res: Response = await mod.GET(
    new Request(`http://test.local/api/v2/billing-runs/${runId}/receipt/`, {
      headers: { authorization: `Api-Key ${key}`, accept: "application/pdf" },
    }),
    { params: Promise.resolve({ billingRunId: String(runId) }) },
  );
  return { status: res.status, type: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()) };
}

const receiptNumbers = async (accountId: number) =>
  (
    await db().billingRun.findMany({
      where: { accountId, receiptNumber: { not: null } },
      select: { receiptNumber: true },
    })
  )
    .map((r) => r.receiptNumber!)
    .sort((a, b) => a - b);

describe("receipt numbers and documents", () => {
  let w: World;
  it("succeeded runs are numbered 1, 2, …; failed runs get no number and no receipt", async () => {
    w = await newWorld();
    at(T0);
    const alice = await createContract(w, { customer_reference: "cust-1001", items: [{ price: w.ids.basicMonthly }] });
    const bob = await createContract(w, { customer_reference: "cust-1002", items: [{ price: w.ids.basicMonthly }] });
    await advance(w, FEB10);
    const [paid] = await runsOf(w, alice.id);
    const [failed] = await runsOf(w, bob.id);
    expect([paid.state, failed.state]).toEqual(["succeeded", "failed"]);
    expect(await receiptNumbers(w.accountId)).toEqual([1]);

    const receipt = ok(await w.get(`/v2/billing-runs/${paid.id}/receipt/`));
    expect(receipt).toMatchObject({
      receipt_number: "R-000001",
      sequence: 1,
      billing_run_id: paid.id,
      currency: "EUR",
      customer: { reference: "cust-1001", name: "Alice Example", email: "alice@example.com" },
      subtotal_amount: "9.9000",
      tax_amount: "2.3760",
      total_amount: "12.2760",
      taxes: [{ rate: "24", policy: "exclusive", taxable_amount: "9.9000", tax_amount: "2.3760" }],
      discount_amount: "0.0000",
      credit_applied_amount: "0.0000",
      rounding_adjustment_amount: "-0.0040",
      charged_amount: "12.2800",
    });
    expect(receipt.seller.name).toBeTruthy();
    expect(receipt.lines).toHaveLength(1);
    expect(receipt.lines[0]).toMatchObject({ quantity: 1, tax_rate: "24", total_amount: "12.2760" });
    expect(receipt.lines[0].explanation).toContain("tax 24%");
    expect(receipt.payments).toHaveLength(1);

    expect((await w.get(`/v2/billing-runs/${failed.id}/receipt/`)).status).toBe(404);
    // another account's key: the run does not exist for it
    expect(
      (await get(`/v2/billing-runs/${paid.id}/receipt/`, { key: w.key.replace("sk_test_", "sk_test_o") })).status,
    ).toBe(404);
  }, 120_000);

  it("the PDF starts with %PDF and carries the receipt number", async () => {
    const [paid] = await runsOf(
      w,
      (await db().billingRun.findFirstOrThrow({ where: { accountId: w.accountId, receiptNumber: 1 } })).contractId,
    );
    const pdf = await pdfOf(paid.id, w.key);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf.bytes);
    expect(text).toContain("Receipt R-000001");
    expect(text).toContain("Amount charged");
  }, 60_000);

  it("a failed run fully covered by credit (apply-credit) gets the next number", async () => {
    const run = await db().billingRun.findFirstOrThrow({ where: { accountId: w.accountId, state: "failed" } });
    await db().contractCredit.create({
      data: {
        accountId: w.accountId,
        contractId: run.contractId,
        amount: "20.0000",
        currency: "EUR",
        kind: "grant",
        reason: "goodwill",
        createdAt: new Date(FEB10),
      },
    });
    at(FEB10);
    const settled = ok(await post(`/v2/billing-runs/${run.id}/apply-credit/`, {}, { key: w.key }));
    expect(settled.state).toBe("succeeded");
    const receipt = ok(await w.get(`/v2/billing-runs/${run.id}/receipt/`));
    expect(receipt).toMatchObject({
      receipt_number: "R-000002",
      credit_applied_amount: "12.2760",
      charged_amount: "0.0000",
    });
    expect(receipt.credits_used).toHaveLength(1);
    expect(await receiptNumbers(w.accountId)).toEqual([1, 2]);
    // settling a numbered run again (a repeated processor notification) gives no new number
    await db().$transaction((tx) => assignReceiptNumbers(tx, w.accountId, [{ id: run.id, issuedAt: new Date(FEB10) }]));
    expect(await receiptNumbers(w.accountId)).toEqual([1, 2]);
    expect((await db().accountReceiptCounter.findUniqueOrThrow({ where: { accountId: w.accountId } })).lastNumber).toBe(
      2,
    );
  }, 60_000);
});

describe("the subscriber page's receipt", () => {
  it("finds a run of the token's contract only; the PDF route answers 404 for anything else", async () => {
    const w = await newWorld();
    at(T0);
    const alice = await createContract(w, { customer_reference: "cust-1001", items: [{ price: w.ids.basicMonthly }] });
    const other = await createContract(w, { customer_reference: "cust-1001", items: [{ price: w.ids.basicMonthly }] });
    await advance(w, FEB10);
    const [paid] = await runsOf(w, alice.id);
    const [otherPaid] = await runsOf(w, other.id);
    const token = (await db().subscriptionContract.findUniqueOrThrow({ where: { id: alice.id } })).subscriberToken;
    const receipt = await receiptForSubscriber(db(), token, paid.id);
    expect(receipt?.billing_run_id).toBe(paid.id);
    expect(receipt?.receipt_number).toMatch(/^R-\d{6}$/);
    expect(await receiptForSubscriber(db(), token, otherPaid.id)).toBeNull();
    expect(await receiptForSubscriber(db(), "x".repeat(30), paid.id)).toBeNull();
    const route = await import(path.resolve("app/change_contract/[token]/receipts/[runId]/pdf/route.ts"));
    const pdf = (runId: number | string) =>
      route.GET(new Request("http://test.local/"), { params: Promise.resolve({ token, runId: String(runId) }) });
    const res: Response = await pdf(paid.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    expect(((await pdf(otherPaid.id)) as Response).status).toBe(404);
    expect(((await pdf("abc")) as Response).status).toBe(404);
  }, 120_000);
});

describe("concurrent settlements", () => {
  it("several workers settling one account's runs at once number them 1..N without gaps or duplicates", async () => {
    const w = await newWorld();
    at(T0);
    const ids: number[] = [];
    // both billing paths: the bulk path (on_run_created) and the per-contract path (on_run_succeeded)
    for (let i = 0; i < 16; i++) {
      const c = await createContract(w, {
        customer_reference: i % 4 === 3 ? "cust-1002" : "cust-1001",
        items: [{ price: w.ids.basicMonthly }],
        ...(i % 2 ? { billing_advance_policy: "on_run_succeeded" } : {}),
      });
      ids.push(c.id);
    }
    at(null);
    await db().account.update({ where: { id: w.accountId }, data: { testClockAt: new Date(FEB10) } });
    const base = fixedClock("2000-01-01T00:00:00.000Z");
    const chunks = (await dueChunks(db(), 2, base)).filter((c) => c.accountId === w.accountId);
    expect(chunks.flatMap((c) => c.ids).sort()).toEqual([...ids].sort());
    // four workers, each with its own pool, take the chunks in different orders
    const workers = Array.from({ length: 4 }, (_, k) => {
      const client = newPrismaClient(process.env.DATABASE_URL!, 2);
      clients.push(client);
      const order = k % 2 ? [...chunks].reverse() : chunks;
      return (async () => {
        for (const chunk of order) await billChunk(client as never, chunk, base);
      })();
    });
    await Promise.all(workers);
    const runs = await db().billingRun.findMany({ where: { accountId: w.accountId } });
    const succeeded = runs.filter((r) => r.state === "succeeded");
    expect(succeeded.length).toBe(12);
    expect(runs.filter((r) => r.state !== "succeeded").every((r) => r.receiptNumber === null)).toBe(true);
    expect(succeeded.every((r) => r.receiptNumber !== null)).toBe(true);
    expect(await receiptNumbers(w.accountId)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const counter = await db().accountReceiptCounter.findUniqueOrThrow({ where: { accountId: w.accountId } });
    expect(counter.lastNumber).toBe(12);
  }, 120_000);
});
