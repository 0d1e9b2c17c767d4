// The billing console's URL and clock helpers: dashboard filters survive the trip through the URL into
// runs.list's input, and the test clock's steps end exactly at the target.
import { describe, expect, it } from "vitest";
import { addMonth, clockSteps, MAX_STEPS } from "@/components/admin/billingRuns/clockSteps";
import { listHref, runListQuery } from "@/components/admin/billingRuns/runListQuery";
import { runListInput } from "@/server/trpc/consoleInputs";

const params = (href: string) => new URLSearchParams(href.split("?")[1]);

describe("billing run list URL", () => {
  it("reads back a dashboard figure's filter, and runs.list accepts it", () => {
    const filter = {
      scheduled_from: "2026-10-24T12:00:00.000Z",
      scheduled_to: "2026-11-23T12:00:00.000Z",
      state: ["scheduled", "failed", "exhausted"],
      currency: "EUR",
    };
    const q = runListQuery(params(listHref("/admin/billing-runs", filter)), 2);
    expect(q.filters).toMatchObject({ ...filter, state: ["scheduled", "failed", "exhausted"] });
    expect(q.page).toBe(2);
    expect(runListInput.safeParse(q).success).toBe(true);
  });
  it("drops malformed values instead of failing the list", () => {
    const q = runListQuery(
      new URLSearchParams("state=bogus&currency=EURO&contract=0&period_from=yesterday&customer=%20cust-1%20"),
      1,
    );
    expect(q.filters).toEqual(
      expect.objectContaining({
        state: undefined,
        currency: undefined,
        contract: undefined,
        period_from: undefined,
        customer: "cust-1",
      }),
    );
    expect(runListInput.safeParse(q).success).toBe(true);
  });
  it("turns date filters into whole UTC days", () => {
    const q = runListQuery(new URLSearchParams("period_from=2026-01-01&period_to=2026-01-31&state=failed"), 1);
    expect(q.filters).toMatchObject({
      state: "failed",
      period_from: "2026-01-01T00:00:00.000Z",
      period_to: "2026-01-31T23:59:59.999Z",
    });
  });
});

describe("test clock steps", () => {
  it("moves a month in daily steps ending at the target", () => {
    const from = new Date("2026-01-31T10:00:00Z"),
      to = addMonth(from);
    expect(to.toISOString()).toBe("2026-02-28T10:00:00.000Z");
    const steps = clockSteps(from, to);
    expect(steps).toHaveLength(28);
    expect(steps.at(-1)).toEqual(to);
    expect(steps.every((s, i) => i === 0 || s > steps[i - 1])).toBe(true);
  });
  it("makes at most MAX_STEPS steps over long spans, and one for a short move", () => {
    const from = new Date("2026-01-01T00:00:00Z");
    expect(clockSteps(from, new Date("2028-01-01T00:00:00Z")).length).toBeLessThanOrEqual(MAX_STEPS);
    expect(clockSteps(from, new Date("2026-01-01T05:00:00Z"))).toEqual([new Date("2026-01-01T05:00:00Z")]);
  });
});
