// Credit note documents and what receipts' documents add: a refund's note says which card it went back to and
// which receipt it corrects, renders as HTML and PDF, and is the subscriber's only through its own contract's
// token; a receipt's document lists the credit notes against it, and says a run marked paid was paid by bank
// transfer with its reference; the subscriber page's history lists the note with its link.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CreditNoteDocument } from "@/components/receipt/CreditNoteDocument";
import { receiptForRun } from "@/server/domain/receipts/receipt";
import { creditNoteDocumentForSubscriber, getCreditNoteDocument } from "@/server/domain/refunds/creditNoteDocument";
import { subscriberPageView } from "@/server/domain/selfService/page";
import { creditNotePdf } from "@/server/receipts/creditNotePdf";
import { consoleAs } from "@/tests/audit/_console";
import { ctxFor, db, post, seed, useSeed } from "@/tests/helpers";

let ids: Record<string, number>;
let accountId: number;
let otherAccountId: number;
useSeed(seed, (r) => {
  ids = r.ids;
  accountId = r.accountId;
  otherAccountId = r.otherAccountId;
});

async function billedContract(customer: "cust-1001" | "cust-1002") {
  const c = await post("/v2/subscription-contracts/", {
    customer_reference: customer,
    items: [{ price: ids.basicMonthly }],
  });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  const to = new Date(new Date(c.body.next_billing_at).getTime() + 3_600_000).toISOString();
  expect((await post("/v2/test-clock/advance/", { to })).status).toBe(200);
  const [run] = await db().billingRun.findMany({ where: { contractId: c.body.id }, orderBy: { id: "desc" } });
  const token = new URL(c.body.subscriber_page).pathname.split("/")[2];
  return { contract: c.body, run, token };
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("credit note documents", () => {
  it("a refund's note names the card and the receipt; the receipt and the subscriber page list it", async () => {
    const { run, token, contract } = await billedContract("cust-1001");
    const admin = await consoleAs("admin@example.com");
    const note = await admin.refunds.refund({ billing_run_id: run.id, amount: "6.14", reason: "Service problem" });
    const ctx = ctxFor(accountId);
    const doc = await getCreditNoteDocument(ctx, note.id);
    expect(doc).toMatchObject({
      number: note.number,
      seller: { name: "Demo Seller" },
      customer: { reference: "cust-1001" },
      receipt_number: expect.stringMatching(/^R-\d{6}$/),
      total_amount: "6.1400",
    });
    expect(doc.refunds).toHaveLength(1);
    expect(doc.refunds[0].card).toMatchObject({ last4: expect.stringMatching(/^\d{4}$/) });
    const html = text(renderToStaticMarkup(createElement(CreditNoteDocument, { note: doc })));
    expect(html).toContain(`Credit note ${note.number}`);
    expect(html).toContain(`Corrects receipt ${doc.receipt_number}`);
    expect(html).toContain("Total credited €6.14");
    expect(html).toMatch(/Refunded to the .*card ending \d{4}/);
    expect(
      Buffer.from(await creditNotePdf(doc))
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    // the subscriber's: through its own contract's token only
    expect((await creditNoteDocumentForSubscriber(db(), token, note.id))?.number).toBe(note.number);
    const other = await billedContract("cust-1001");
    expect(await creditNoteDocumentForSubscriber(db(), other.token, note.id)).toBeNull();
    expect(await creditNoteDocumentForSubscriber(db(), "x".repeat(30), note.id)).toBeNull();
    await expect(getCreditNoteDocument(ctxFor(otherAccountId), note.id)).rejects.toMatchObject({ kind: "not_found" });

    const receipt = await receiptForRun(ctx, run.id);
    expect(receipt.credit_notes).toMatchObject([
      { id: note.id, number: note.number, total_amount: "6.1400", refunded_amount: "6.1400" },
    ]);
    expect(receipt.payments.map((p) => p.method)).toEqual(["processor"]);

    const view = await subscriberPageView(ctx, contract.id, token);
    expect(view.credit_notes).toMatchObject([
      { number: note.number, refunded_amount: "6.1400", url: `/change_contract/${token}/credit-notes/${note.id}` },
    ]);
    expect(view.runs.find((r) => r.id === run.id)?.refunded_amount).toBe("6.1400");
  });

  it("a receipt of a run marked paid says it was a bank transfer, with its reference", async () => {
    const { run } = await billedContract("cust-1002");
    expect(run.state).toBe("failed");
    const admin = await consoleAs("admin@example.com");
    await admin.refunds.markPaid({ billing_run_id: run.id, method: "bank_transfer", reference: "TRF-77" });
    const receipt = await receiptForRun(ctxFor(accountId), run.id);
    expect(receipt.payments.at(-1)).toMatchObject({
      method: "bank_transfer",
      reference: "TRF-77",
      transaction_id: null,
    });
  });
});
