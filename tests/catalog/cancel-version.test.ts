// Cancelling a scheduled price version (console): only future versions, only the account's own prices.
import { beforeAll, describe, expect, it } from "vitest";
import { cancelScheduledPriceVersion } from "@/server/domain/catalog/cancelVersion";
import { schedulePriceVersion } from "@/server/domain/catalog/prices";
import type { SeedResult } from "@/server/seed/demo";
import { consoleAs } from "@/tests/audit/_console";
import { ctxFor, seed } from "@/tests/helpers";

let s: SeedResult;
beforeAll(async () => {
  s = await seed();
});

const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => "OK",
    (e: any) => e?.code ?? e?.kind,
  );

describe("cancelScheduledPriceVersion", () => {
  it("removes a future version and gives its range back to the version before it", async () => {
    const ctx = ctxFor(s.accountId);
    const price = s.ids.coachingWeekly;
    const before = await schedulePriceVersion(ctx, price, {
      unit_amount: "12.5000",
      effective_from: "2099-01-01T00:00:00Z",
    });
    const scheduled = before.versions.find((v) => v.effective_from?.startsWith("2099"))!;
    expect(before.versions.some((v) => v.effective_to?.startsWith("2099"))).toBe(true);
    const after = await cancelScheduledPriceVersion(ctx, price, scheduled.id);
    expect(after.versions.map((v) => v.id)).not.toContain(scheduled.id);
    expect(after.versions.every((v) => v.effective_to === null || !v.effective_to.startsWith("2099"))).toBe(true);
    expect(after.versions.some((v) => v.effective_to === null)).toBe(true);
  });

  it("refuses a version in effect or in the past with a 400 (validation)", async () => {
    const ctx = ctxFor(s.accountId);
    const price = await ctx.db.catalogPrice.findUniqueOrThrow({
      where: { id: s.ids.basicMonthly },
      include: { versions: true },
    });
    for (const v of price.versions) {
      await expect(cancelScheduledPriceVersion(ctx, price.id, v.id)).rejects.toMatchObject({
        kind: "validation",
        fields: { version_id: [expect.any(String)] },
      });
    }
    const caller = await consoleAs(s.admin.email);
    expect(
      await codeOf(
        caller.catalog.prices.cancelScheduledVersion({ price_id: price.id, version_id: price.versions[0].id }),
      ),
    ).toBe("BAD_REQUEST");
  });

  it("answers 404 for another account's price, or a version of another price", async () => {
    const mine = ctxFor(s.accountId);
    const other = await mine.db.priceVersion.findFirstOrThrow({ where: { priceId: s.ids.otherPrice } });
    await expect(cancelScheduledPriceVersion(mine, s.ids.otherPrice, other.id)).rejects.toMatchObject({
      kind: "not_found",
    });
    await expect(cancelScheduledPriceVersion(mine, s.ids.basicMonthly, other.id)).rejects.toMatchObject({
      kind: "not_found",
    });
    const caller = await consoleAs(s.admin.email);
    expect(
      await codeOf(caller.catalog.prices.cancelScheduledVersion({ price_id: s.ids.otherPrice, version_id: other.id })),
    ).toBe("NOT_FOUND");
  });
});
