// Receipts, credit notes and dunning notices in the customer's language (issue 33 item 5): German words and
// German money (1.234,56 €) in the HTML receipt, its PDF (standard fonts: WinAnsi has ä ö ü ß é ñ) and a notice
// e-mail; English stays the console's (unchanged) default.
import { inflateSync } from "node:zlib";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReceiptDocument } from "@/components/receipt/ReceiptDocument";
import { noticeMessage } from "@/server/domain/notices/templates";
import type { Receipt } from "@/server/domain/receipts/receipt";
import { receiptPdf } from "@/server/receipts/pdf";

const receipt = {
  receipt_number: "R-000042",
  sequence: 42,
  billing_run_id: 7,
  contract_id: 3,
  issued_at: "2028-03-01T09:00:00.000Z",
  currency: "EUR",
  seller: { name: "Müller Streaming GmbH" },
  customer: {
    reference: "cust-ä",
    name: "Jürgen Größe",
    email: "j@example.com",
    billing_address: null,
    tax_id: "DE123456789",
  },
  period_start_at: "2028-03-01T00:00:00.000Z",
  period_end_at: "2028-04-01T00:00:00.000Z",
  lines: [
    {
      product_name: "Premium-Paket",
      explanation: null,
      kind: "recurring",
      proration_reason: null,
      service_period_start_at: "2028-03-01T00:00:00.000Z",
      service_period_end_at: "2028-04-01T00:00:00.000Z",
      quantity: 1,
      unit_amount: "1037.4400",
      discount_amount: "0.0000",
      subtotal_amount: "1037.4400",
      tax_rate: "19.0000",
      tax_policy: "exclusive",
      tax_amount: "197.1200",
      total_amount: "1234.5600",
    },
  ],
  subtotal_amount: "1037.4400",
  discount_amount: "0.0000",
  taxes: [{ rate: "19", policy: "exclusive", taxable_amount: "1037.4400", tax_amount: "197.1200" }],
  tax_amount: "197.1200",
  total_amount: "1234.5600",
  credit_applied_amount: "0.0000",
  rounding_adjustment_amount: "0.0000",
  rounding_amount: "0.0000",
  charged_amount: "1234.5600",
  payments: [
    {
      transaction_id: "tx_1",
      paid_at: "2028-03-01T09:00:00.000Z",
      amount: "1234.5600",
      method: "processor",
      reference: null,
    },
  ],
  credits_used: [],
  credit_notes: [],
} as unknown as Receipt;

/** WinAnsi's 0x80–0x9F (the rest is Latin-1). */
const WIN_ANSI: Record<number, string> = {
  128: "€",
  133: "…",
  138: "Š",
  140: "Œ",
  142: "Ž",
  145: "‘",
  146: "’",
  147: "“",
  148: "”",
  149: "•",
  150: "–",
  151: "—",
  153: "™",
  154: "š",
  156: "œ",
  158: "ž",
  159: "Ÿ",
};
const winAnsi = (bytes: Buffer) => [...bytes].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join("");

/** The text a PDF draws: its content streams inflated, each <hex> Tj string decoded from WinAnsi. */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes);
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf("stream", at);
    if (start < 0) break;
    const body = raw.indexOf("\n", start) + 1;
    const end = raw.indexOf("endstream", body);
    at = end + 9;
    let content: string;
    try {
      content = inflateSync(raw.subarray(body, end)).toString("latin1");
    } catch {
      continue;
    }
    for (const m of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) out.push(winAnsi(Buffer.from(m[1], "hex")));
  }
  return out.join("\n").replace(/\u00a0/g, " ");
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0|\u202f/g, " ")
    .replace(/\s+/g, " ");

describe("a receipt in German", () => {
  it("HTML: German words and German money", () => {
    const html = text(renderToStaticMarkup(createElement(ReceiptDocument, { receipt, locale: "de" })));
    expect(html).toContain("Beleg R-000042");
    expect(html).toContain("Rechnungsempfänger");
    expect(html).toContain("Steuernummer DE123456789");
    expect(html).toContain("Abgebuchter Betrag");
    expect(html).toContain("1.234,56 €");
    expect(html).toContain("Zahlung per Karte am 1. März 2028");
    expect(html).not.toMatch(/\b(Receipt|Billed to|Amount charged|Subtotal|Payments)\b/);
  });

  it("PDF: German words, umlauts and German money with the standard fonts", async () => {
    const pdf = pdfText(await receiptPdf(receipt, "de"));
    expect(pdf).toContain("Beleg R-000042");
    expect(pdf).toContain("Rechnungsempfänger");
    expect(pdf).toContain("Jürgen Größe");
    expect(pdf).toContain("Zwischensumme");
    expect(pdf).toContain("1.234,56 €");
    expect(pdf).toContain("Steuer 19 % (exclusive) auf 1.037,44 €");
    expect(pdf).not.toContain("?");
    expect(pdf).not.toMatch(/\b(Receipt|Billed to|Amount charged|Subtotal)\b/);
  });

  it("PDF in French and Finnish: their narrow spaces and minus signs print (no '?')", async () => {
    const fr = pdfText(await receiptPdf(receipt, "fr"));
    expect(fr).toContain("Reçu R-000042");
    expect(fr).toContain("1 234,56 €");
    expect(fr).not.toContain("?");
    const fi = pdfText(await receiptPdf({ ...receipt, credit_applied_amount: "-1.0000" } as Receipt, "fi"));
    expect(fi).toContain("Kuitti R-000042");
    expect(fi).toContain("1 234,56 €");
    expect(fi).not.toContain("?");
  });

  it("English stays the default, as the console shows it", async () => {
    const html = text(renderToStaticMarkup(createElement(ReceiptDocument, { receipt })));
    expect(html).toContain("Receipt R-000042");
    expect(html).toContain("€1,234.56");
    expect(pdfText(await receiptPdf(receipt))).toContain("Amount charged");
  });
});

describe("a dunning notice in the customer's language", () => {
  const data = {
    attempt_amount: "1234.5600",
    currency: "EUR",
    fail_message: "Karte abgelehnt",
    next_retry_at: "2028-03-04T00:00:00.000Z",
  };
  const names = { seller: "Müller Streaming", customer: "Jürgen" };

  const spaced = (v: string | undefined) => v?.replace(/[\u00a0\u202f]/g, " ");

  it("German: subject and text in German, the amount as 1.234,56 €", () => {
    const m = noticeMessage("billing_run.payment_failed", data, names, "de");
    if (m) m.text = spaced(m.text) ?? "";
    expect(m?.subject).toBe("Ihre Zahlung an Müller Streaming ist nicht durchgegangen");
    expect(m?.text).toContain("Hallo Jürgen,");
    expect(m?.text).toContain("Wir konnten 1.234,56 € für Ihr Abonnement nicht einziehen (Karte abgelehnt).");
    expect(m?.text).toContain("4. März 2028");
  });

  it("each language has every notice; English is the default", () => {
    for (const locale of ["en", "de", "fr", "es", "fi"] as const)
      for (const type of [
        "billing_run.payment_failed",
        "billing_run.exhausted",
        "payment_method.expiring",
        "payment_method.requested",
        "subscription_contract.renewal_upcoming",
      ])
        expect(noticeMessage(type, { ...data, url: "https://x.test/p" }, names, locale)?.text).toMatch(/\S/);
    expect(noticeMessage("billing_run.payment_failed", data, names)?.subject).toBe(
      "Your payment to Müller Streaming did not go through",
    );
    expect(spaced(noticeMessage("billing_run.payment_failed", data, names, "fi")?.text)).toContain("1 234,56 €");
  });
});
