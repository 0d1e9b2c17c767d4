// The header search and the list exports in a real browser: the shortcut focuses the search, a customer's
// e-mail finds them and the keyboard opens their page; a receipt number finds its receipt; a list's "Export CSV"
// downloads its rows with a header; axe on the pages with the open results.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { contractWithCard } from "./_billed-contract";
import { signIn } from "./_sign-in";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };

test("search by e-mail and receipt number with the keyboard; export a list as CSV", async ({ page, request }) => {
  const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const reference = `e2e-search-${stamp}`;
  const email = `search-${stamp}@example.net`;
  const made = await request.post("/api/v2/customers/", {
    headers: SECRET,
    data: { reference, name: "Sam Searchable", email },
  });
  expect(made.status()).toBe(201);
  const { contract } = await contractWithCard(request, "4242424242424242", "Rita Receipt");
  const runs = await (await request.get(`/api/v2/billing-runs/?contract=${contract.id}`, { headers: SECRET })).json();
  const paid = runs.find((r: { state: string }) => r.state === "succeeded");
  expect(paid, "the first run succeeded").toBeTruthy();
  const receipt = await (await request.get(`/api/v2/billing-runs/${paid.id}/receipt/`, { headers: SECRET })).json();

  await signIn(page);
  const search = page.getByRole("combobox", { name: "Search everything" });
  await expect(search).toBeVisible();
  // "/" from anywhere on the page focuses the search box
  await page.locator("body").click();
  await page.keyboard.press("/");
  await expect(search).toBeFocused();
  await page.keyboard.type(email);
  const listbox = page.getByRole("listbox", { name: "Search results" });
  const option = listbox.getByRole("option", { name: /Sam Searchable/ });
  await expect(option).toBeVisible();
  await expect(listbox.getByRole("group", { name: "Customers" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("ArrowDown");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await expect(search).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id")) ?? "");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${reference}$`));

  // Ctrl+K from the customer page, then a receipt number
  await page.keyboard.press("Control+k");
  await expect(search).toBeFocused();
  await page.keyboard.type(receipt.receipt_number);
  const receiptOption = listbox.getByRole("option", { name: new RegExp(`Receipt ${receipt.receipt_number}`) });
  await expect(receiptOption).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/billing-runs/${paid.id}/receipt$`));

  // Export CSV of the contract list, filtered to this customer
  await page.goto(`/admin/contracts?customer=${encodeURIComponent(contract.customer_reference)}`);
  await expect(page.getByTestId(`contract-row-${contract.id}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("export-contracts").getByRole("link", { name: "Export CSV of these contracts" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^contracts-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, "utf8");
  const lines = text.trimEnd().split("\r\n");
  expect(lines[0].split(",").slice(0, 3)).toEqual(["id", "customer_id", "customer_reference"]);
  expect(lines).toHaveLength(2);
  expect(lines[1].split(",")[0]).toBe(String(contract.id));
});
