// The amounts a receipt states: its discount is only what a discount or coupon
// took off (never proration, never a credit line's sign), and the document (HTML and PDF) shows money in
// the currency's minor unit with the rounding signed as it adds up to the charged amount.
// By hand (Streaming Basic monthly 9.90, VAT 24 % exclusive; Mar 10 → Apr 10 is 31 days):
//   upgrade 1 → 2 on Mar 20, invoice_now: factor 21/31 = 0.677419
//     credit −round4(9.90 × 1 × 0.677419) = −6.7064, charge round4(9.90 × 2 × 0.677419) = 13.4129
//     no discount: 0.0000 (the old rule read the credit's sign as 13.4128 of discount)
//   with a 20 % coupon that priced the period: credit −round4(6.70644810 × 0.8) = −5.3652 (gives back
//     −1.3412), charge round4(13.41289620 × 0.8) = 10.7303 (takes off 2.6826): 1.3414 in all
//   the regular run of Mar 10 with the coupon: 9.90 − 7.92 = 1.98 off; 7.92 + 1.9008 = 9.8208 → 9.82
//   a full month 9.90 + 2.3760 = 12.2760 is charged 12.28: rounding +0.0040
import path from "node:path";
import { inflateSync } from "node:zlib";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { ReceiptDocument } from "@/components/receipt/ReceiptDocument";
import type { Receipt } from "@/server/domain/receipts/receipt";
import { advance, at, createContract, newWorld, ok, runsOf, type World } from "@/tests/billing/_world";

afterEach(() => at(null));

const FEB10 = "2026-02-10T00:00:00.000Z";
const MAR10 = "2026-03-10T00:00:00.000Z";
const MAR20 = "2026-03-20T00:00:00.000Z";

/** Text of the rendered HTML document, tags removed (what a reader sees). */
const htmlText = (r: Receipt) =>
  renderToStaticMarkup(createElement(ReceiptDocument, { receipt: r }))
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

/** The text of a PDF: its raw bytes plus every inflated stream, hex strings decoded. */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString("latin1");
  let out = raw;
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    try {
      out += inflateSync(bytes.subarray(start, raw.indexOf("endstream", start))).toString("latin1");
    } catch {
      // not a flate stream
    }
  }
  return out.replace(/<([0-9A-Fa-f\s]+)>/g, (_, hex: string) =>
    Buffer.from(hex.replace(/\s/g, ""), "hex").toString("latin1"),
  );
}

async function pdfOf(w: World, runId: number) {
  const mod = await import(path.resolve("app/api/v2/billing-runs/[billingRunId]/receipt/route.ts"));
  const res: Response = await mod.GET(
    new Request(`http://test.local/api/v2/billing-runs/${runId}/receipt/`, {
      headers: { authorization: `Api-Key ${w.key}`, accept: "application/pdf" },
    }),
    { params: Promise.resolve({ billingRunId: String(runId) }) },
  );
  expect(res.status).toBe(200);
  return pdfText(Buffer.from(await res.arrayBuffer()));
}

/** Upgrades the contract's item to quantity 2 on Mar 20 with invoice_now; the run settles at Mar 20. */
async function upgradeOnMar20(w: World, contract: any) {
  at(MAR20);
  const u = ok(
    await w.post(`/v2/subscription-contracts/${contract.id}/items/update/`, {
      contract_item: contract.items[0].id,
      quantity: 2,
      settlement_behavior: "invoice_now",
    }),
  );
  await advance(w, MAR20);
  const run = (await runsOf(w, contract.id)).find((r) => r.id === u.adjustment_billing_run_id);
  expect(run.state).toBe("succeeded");
  return ok(await w.get(`/v2/billing-runs/${run.id}/receipt/`)) as Receipt;
}

describe("the discount on a receipt", () => {
  it("a proration run without any discount states none", async () => {
    const w = await newWorld();
    at(MAR10);
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    const receipt = await upgradeOnMar20(w, c);
    expect(receipt.lines.map((l) => [l.quantity, l.subtotal_amount, l.discount_amount])).toEqual([
      [1, "-6.7064", "0.0000"],
      [2, "13.4129", "0.0000"],
    ]);
    expect(receipt.discount_amount).toBe("0.0000");
    expect(htmlText(receipt)).not.toContain("Discount");
    expect(htmlText(receipt)).not.toContain("discount");
    expect(await pdfOf(w, receipt.billing_run_id)).not.toContain("Discount");
  }, 60_000);

  it("a coupon's share of a proration is what it took off, net of the credit it gives back", async () => {
    const w = await newWorld();
    at(FEB10);
    const coupon = ok(
      await w.post("/v2/coupons/", {
        name: "Spring",
        percent_off: "20",
        duration: "repeating",
        duration_in_periods: 3,
      }),
      201,
    );
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }], coupon: coupon.id });
    at(MAR10);
    await advance(w, MAR10);
    const [regular] = await runsOf(w, c.id);
    const first = ok(await w.get(`/v2/billing-runs/${regular.id}/receipt/`)) as Receipt;
    expect([first.discount_amount, first.total_amount, first.charged_amount]).toEqual(["1.9800", "9.8208", "9.8200"]);
    expect(htmlText(first)).toContain("Discount (included in the lines) €1.98");
    const receipt = await upgradeOnMar20(w, c);
    expect(receipt.lines.map((l) => [l.subtotal_amount, l.discount_amount])).toEqual([
      ["-5.3652", "-1.3412"],
      ["10.7303", "2.6826"],
    ]);
    expect(receipt.discount_amount).toBe("1.3414");
  }, 60_000);
});

describe("money on the receipt document", () => {
  it("the rounding reads as it adds up to the charge (+€0.004), every amount in cents, in HTML and PDF", async () => {
    const w = await newWorld();
    at(FEB10);
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    await advance(w, MAR10);
    const [run] = await runsOf(w, c.id);
    const receipt = ok(await w.get(`/v2/billing-runs/${run.id}/receipt/`)) as Receipt;
    // the API keeps the run's convention (due − charged) and adds the reader's (charged − due)
    expect([receipt.total_amount, receipt.rounding_adjustment_amount, receipt.rounding_amount]).toEqual([
      "12.2760",
      "-0.0040",
      "0.0040",
    ]);
    const html = htmlText(receipt);
    expect(html).toContain("Rounding to the currency's unit +€0.004");
    expect(html).toContain("Total €12.28");
    expect(html).toContain("Amount charged €12.28");
    expect(html).toContain("24% €2.38");
    expect(html).not.toMatch(/-€0\.004|€12\.276|€2\.376/);
    const pdf = await pdfOf(w, run.id);
    expect(pdf).toContain("+€0.004".replace("€", "\x80"));
    expect(pdf).not.toContain("-\x800.004");
    // the engine's explanation ("1 x 9.9000 EUR (price … version …) …") is the seller's, behind "Explain"
    expect(receipt.lines[0].explanation).toMatch(/version/);
    expect(html).not.toMatch(/version|Explain/);
    expect(pdf).not.toMatch(/version/);
    const sellerView = renderToStaticMarkup(createElement(ReceiptDocument, { receipt, explain: true }));
    expect(sellerView).toContain("<summary");
    expect(sellerView).toContain(receipt.lines[0].explanation.replace(/'/g, "&#x27;"));
  }, 60_000);

  it("uses each currency's own digits: none for JPY, three for KWD", () => {
    const base = {
      receipt_number: "R-000001",
      sequence: 1,
      billing_run_id: 1,
      contract_id: 1,
      issued_at: MAR10,
      seller: { name: "Seller" },
      customer: { reference: "c", name: null, email: null, billing_address: null, tax_id: null },
      period_start_at: MAR10,
      period_end_at: MAR20,
      taxes: [],
      credit_applied_amount: "0.0000",
      discount_amount: "0.0000",
      payments: [],
      credits_used: [],
      credit_notes: [],
    };
    const line = (unit: string) => ({
      product_name: "Plan",
      explanation: "",
      kind: "recurring",
      proration_reason: null,
      service_period_start_at: MAR10,
      service_period_end_at: MAR20,
      quantity: 1,
      unit_amount: unit,
      discount_amount: "0.0000",
      subtotal_amount: unit,
      tax_rate: null,
      tax_policy: null,
      tax_amount: "0.0000",
      total_amount: unit,
    });
    const doc = (currency: string, exact: string, charged: string, due_minus_charged: string, added: string) =>
      htmlText({
        ...base,
        currency,
        lines: [line(exact)],
        subtotal_amount: exact,
        tax_amount: "0.0000",
        total_amount: exact,
        rounding_adjustment_amount: due_minus_charged,
        rounding_amount: added,
        charged_amount: charged,
      } as Receipt);
    const jpy = doc("JPY", "1227.6000", "1228.0000", "-0.4000", "0.4000");
    expect(jpy).toContain("Total JP¥1,228");
    expect(jpy).toContain("Rounding to the currency's unit +JP¥0.4");
    const kwd = doc("KWD", "12.2765", "12.2770", "-0.0005", "0.0005");
    expect(kwd).toContain("Total KWD 12.277");
    expect(kwd).toContain("Rounding to the currency's unit +KWD 0.0005");
    const down = doc("EUR", "12.2740", "12.2700", "0.0040", "-0.0040");
    expect(down).toContain("Rounding to the currency's unit -€0.004");
    expect(down).toContain("Total €12.27");
  });
});
