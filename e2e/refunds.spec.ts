// Money going back in a real browser: a seller refunds half of a paid run from its console page (the credit
// note's preview equals the refund), sees the refunded amount and the credit note, and the customer finds the
// credit note in the subscriber page's billing history and opens its document; a failed run is voided, and
// another is marked paid by bank transfer (its receipt says so). axe on each page and dialog.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { api, contractWithCard } from "./_billed-contract";
import { signIn } from "./_sign-in";

test.describe.configure({ mode: "serial" });

/** A new customer with `card` on file and a Streaming Basic monthly contract whose first run has been charged. */
async function billedContract(request: APIRequestContext, card: string) {
  const { contract, path } = await contractWithCard(request, card, "Robin Refund");
  const runs = await api(request, "get", `billing-runs/?contract=${contract.id}`);
  const run = (Array.isArray(runs) ? runs : runs.results)[0];
  return { contract, run, path };
}

async function openRun(page: Page, id: number, state: string) {
  await page.goto(`/admin/billing-runs/${id}`);
  await expect(page.getByRole("heading", { name: `Billing run ${id}` })).toBeVisible();
  await expect(page.getByTestId("page-status")).toHaveText(state);
}

test("refund half of a paid run; the customer finds the credit note", async ({ page, request }) => {
  const { run, path } = await billedContract(request, "4242424242424242");
  expect(run.state).toBe("succeeded");
  await signIn(page);
  await openRun(page, run.id, "succeeded");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Refund", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Refund billing run ${run.id}` });
  // everything still refundable is the default: what was charged
  await expect(dialog.getByTestId("credit-preview-total")).toHaveText("€12.28");
  await dialog.getByLabel("An amount").check();
  await dialog.getByLabel(/^Amount \(EUR/).fill("6.14");
  await dialog.getByLabel("Reason").selectOption("Service problem");
  // the credit note previewed is the refund: €6.14 in all, tax in proportion (24 % of 4.95)
  await expect(dialog.getByTestId("credit-preview-total")).toHaveText("€6.14");
  await expect(dialog.getByTestId("credit-preview-tax")).toHaveText("€1.19");
  await expect(dialog.getByTestId("credit-preview-settlement")).toContainText("€6.14 goes back");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Refund €6.14" }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByTestId("run-refunded")).toContainText("€6.14");
  await expect(page.getByTestId("run-credited")).toContainText("€6.14");
  const noteRow = page.getByTestId("credit-note-row");
  await expect(noteRow).toHaveCount(1);
  await expect(noteRow).toContainText("Succeeded");
  const number = (await noteRow.getByRole("link", { name: /^CN-\d{6}$/ }).textContent())!;
  await expect(page.getByTestId("run-transactions")).toContainText("refund");
  await expectNoSeriousA11yViolations(page);
  await noteRow.getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { name: `Credit note ${number}` })).toBeVisible();
  await expect(page.getByTestId("credit-note-total")).toHaveText("€6.14");
  await expect(page.getByTestId("credit-note-settlement")).toContainText("card ending 4242");
  await expectNoSeriousA11yViolations(page);
  const pdf = await page.request.get(page.url().replace(/\/?$/, "/pdf"));
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  // the account's list of credit notes has it too, newest first
  await page.getByRole("link", { name: "Credit notes", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Credit notes", level: 1 })).toBeVisible();
  await expect(page.getByTestId("credit-note-row").first()).toContainText(number);
  await expectNoSeriousA11yViolations(page);

  // the customer's billing history lists the credit note, which opens as the same document
  await page.goto(path);
  const history = page.getByTestId("history-credit-note");
  await expect(history).toHaveCount(1);
  await expect(history).toContainText(number);
  await expect(history).toContainText("€6.14 refunded");
  await expect(page.getByTestId("history-run").first()).toContainText("€6.14 refunded");
  await expectNoSeriousA11yViolations(page);
  await history.getByRole("link", { name: `Credit note ${number}` }).click();
  await expect(page.getByTestId("credit-note-number")).toHaveText(number);
  await expect(page.getByTestId("credit-note-total")).toHaveText("€6.14");
  await expect(page.getByTestId("credit-note-corrects")).toContainText(/receipt R-\d{6}/);
  await expectNoSeriousA11yViolations(page);
});

test("void a failed run", async ({ page, request }) => {
  const { run } = await billedContract(request, "4000000000009995");
  expect(run.state).toBe("failed");
  await signIn(page);
  await openRun(page, run.id, "failed");
  await page.getByRole("button", { name: "Actions" }).click();
  await page.getByRole("menuitem", { name: "Void run" }).click();
  const dialog = page.getByRole("dialog", { name: `Void billing run ${run.id}?` });
  await expect(dialog).toContainText("Nothing is ever charged for this run");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Void run" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("page-status")).toHaveText("voided");
  await expect(page.getByRole("button", { name: "Retry payment" })).toHaveCount(0);
});

test("mark a failed run as paid by bank transfer; its receipt says so", async ({ page, request }) => {
  const { run } = await billedContract(request, "4000000000009995");
  expect(run.state).toBe("failed");
  await signIn(page);
  await openRun(page, run.id, "failed");
  await page.getByRole("button", { name: "Mark as paid" }).click();
  const dialog = page.getByRole("dialog", { name: `Mark billing run ${run.id} as paid?` });
  await expect(dialog.getByLabel("Paid by")).toHaveValue("bank_transfer");
  await dialog.getByLabel("Reference").fill("TRF-E2E-42");
  await expect(dialog.getByLabel("Paid on")).not.toHaveValue("");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Mark as paid" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("page-status")).toHaveText("succeeded");
  await page.getByRole("link", { name: "View the receipt" }).click();
  await expect(page.getByTestId("receipt-payment")).toContainText("Bank transfer payment");
  await expect(page.getByTestId("receipt-payment")).toContainText("reference TRF-E2E-42");
  await expect(page.getByTestId("receipt-charged")).toHaveText("€12.28");
  await expectNoSeriousA11yViolations(page);
});
