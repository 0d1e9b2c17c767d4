// The contract page's data (server/domain/contractPage/sections.ts): scoped by account, the item's price
// version in effect, the next run's lines and amount, pending adjustments after an upgrade, and the
// console's own actions on the timeline with the user who made them.
import { describe, expect, it } from "vitest";
import { accountCtx } from "@/server/domain/accountContext";
import { loadContractPage } from "@/server/domain/contractPage/sections";
import { consoleAs } from "@/tests/audit/_console";
import { db, post, seed, useSeed } from "@/tests/helpers";

let ids: Record<string, number>;
let A = 0;
let B = 0;
useSeed(seed, (r) => {
  ids = r.ids;
  A = r.accountId;
  B = r.otherAccountId;
});

describe("loadContractPage", () => {
  it("shows versions, the next charge, adjustments and the console's actions; another account gets not_found", async () => {
    const r = await post("/v2/subscription-contracts/", {
      customer_reference: "cust-1001",
      items: [{ price: ids.basicMonthly }],
    });
    expect(r.status).toBe(201);
    const c = r.body;
    const caller = await consoleAs("admin@example.com");
    const change = { contract_id: c.id, contract_item: c.items[0].id, price: ids.premiumMonthly };
    const preview = await caller.contractActions.preview({ operation: "update_item", ...change });
    await caller.contractActions.updateItem({ ...change, preview_token: preview.preview_token });

    const page = await loadContractPage(await accountCtx(db(), A), c.id);
    const item = page.contract.items.find((i) => i.status === "active")!;
    const version = await db().priceVersion.findMany({ where: { priceId: ids.premiumMonthly } });
    expect(version.map((v) => v.id)).toContain(page.itemExtras[item.id].price_version_id);
    expect(page.upcoming.map((l) => l.product_name)).toContain("Streaming Premium");
    expect(page.nextCharge?.amount).toMatch(/^\d+\.\d{4}$/);
    // the upgrade's credit and charge wait for the next invoice and sum to the previewed total
    const sum = page.activity.adjustments.reduce((a, x) => a + Math.round(Number(x.amount) * 10_000), 0);
    const previewed = preview.lines.reduce((a, x) => a + Math.round(Number(x.line_total_amount) * 10_000), 0);
    expect(page.activity.adjustments).toHaveLength(preview.lines.length);
    expect(sum).toBe(previewed);
    expect(page.activity.events.results.find((e) => e.type === "updateItem (console)")?.actor).toBe(
      "admin@example.com",
    );

    await expect(loadContractPage(await accountCtx(db(), B), c.id)).rejects.toMatchObject({ kind: "not_found" });
  });
});
