// The console's money, price, date and run-amount formatters (pure; no database needed, but the shared setup
// runs anyway).
import { describe, expect, it } from "vitest";
import { amountLabel } from "@/components/admin/billingRuns/amountLabel";
import { parseZonedInput, toZonedInput } from "@/components/admin/billingRuns/clockSteps";
import { remainingOf } from "@/components/admin/billingRuns/remaining";
import type { Run } from "@/components/admin/billingRuns/runDetailColumns";
import {
  formatDateInZone,
  formatDateTimeInZone,
  formatRelative,
  formatTimeInZone,
  isValidTimeZone,
  utcIso,
} from "@/components/ui/dates";
import { priceCadence, priceLabel } from "@/components/ui/priceLabel";
import { exactMoney, formatMoney } from "@/lib/format/money";

describe("formatMoney", () => {
  it("shows a non-zero amount below the currency's unit with its digits, never as zero", () => {
    expect(formatMoney("-0.0040", "EUR")).toBe("-€0.004");
    expect(formatMoney("0.0040", "EUR")).toBe("€0.004");
    expect(formatMoney("0.0000", "EUR")).toBe("€0.00");
    expect(formatMoney("0.0100", "EUR")).toBe("€0.01");
  });
  it("formats EUR with the symbol and two digits", () => {
    expect(formatMoney("12.2800", "EUR")).toBe("€12.28");
    expect(formatMoney("1234567.5000", "EUR")).toBe("€1,234,567.50");
  });
  it("uses the currency's own digits: JPY none, KWD three", () => {
    expect(formatMoney("1234.0000", "JPY")).toBe("JP¥1,234");
    expect(formatMoney("1.2345", "KWD")).toBe("KWD\u00a01.235"); // a no-break space; half away from zero on the fourth digit
  });
  it("shows negative amounts with a minus sign", () => {
    expect(formatMoney("-12.2800", "EUR")).toBe("-€12.28");
    expect(formatMoney("-0.0050", "EUR")).toBe("-€0.01");
  });
  it("formats the decimal string exactly (no float rounding on large values)", () => {
    expect(formatMoney("90071992547409.9300", "EUR")).toBe("€90,071,992,547,409.93");
  });
  it("keeps the exact four-digit value for the hover text", () => {
    expect(exactMoney("12.28", "eur")).toBe("12.2800 EUR");
    expect(exactMoney("-3.1250", "EUR")).toBe("-3.1250 EUR");
  });
  it("falls back to the figure and code for an unknown currency", () => {
    expect(formatMoney("5.0000", "E1R")).toBe("5.0000 E1R");
  });
});

describe("dates in the account's zone", () => {
  const at = "2028-04-10T06:30:00Z";
  it("shows the zone's wall clock with the zone", () => {
    expect(formatDateTimeInZone(at, "Europe/Helsinki")).toBe("10 Apr 2028, 09:30 EEST");
    expect(formatDateTimeInZone(at, "UTC")).toBe("10 Apr 2028, 06:30 UTC");
    expect(formatDateTimeInZone("2028-01-10T06:30:00Z", "Europe/Helsinki")).toBe("10 Jan 2028, 08:30 EET");
  });
  it("crosses the date line with the zone", () => {
    expect(formatDateInZone("2028-04-10T23:30:00Z", "Asia/Tokyo")).toBe("11 Apr 2028");
    expect(formatDateInZone("2028-04-10T23:30:00Z", "UTC")).toBe("10 Apr 2028");
  });
  it("falls back to UTC for an unknown zone and gives UTC ISO for hover", () => {
    expect(formatDateTimeInZone(at, "Mars/Olympus")).toBe("10 Apr 2028, 06:30 UTC");
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("America/New_York")).toBe(true);
    expect(utcIso(at)).toBe("2028-04-10T06:30:00.000Z");
  });
  it("says relative times against the given now", () => {
    expect(formatRelative("2028-04-13T06:30:00Z", at)).toBe("in 3 days");
    expect(formatRelative("2028-04-10T04:30:00Z", at)).toBe("2 hours ago");
    expect(formatRelative("2028-04-11T06:30:00Z", at)).toBe("tomorrow");
  });
});

describe("the console's money and dates agree everywhere", () => {
  const monthly = {
    id: 7,
    product_name: "Streaming Basic",
    reference: "streaming-basic-monthly",
    currency: "EUR",
    unit_amount: "9.9000",
    billing_type: "recurring",
    interval: "month",
    interval_count: 1,
    billing_schedule_name: null,
  };
  it("labels a price in a picker with the money formatter, never the four-digit string", () => {
    expect(priceLabel(monthly)).toBe("Streaming Basic — €9.90 / month (streaming-basic-monthly)");
    expect(priceLabel({ ...monthly, reference: null, unit_amount: "20.0000" }, { product: false })).toBe(
      "€20.00 / month (#7)",
    );
    expect(priceCadence({ ...monthly, interval_count: 3 })).toBe("€9.90 / 3 months");
    expect(priceCadence({ ...monthly, billing_type: "one_time", interval: null })).toBe("€9.90 one-time");
    expect(priceCadence({ ...monthly, interval: null, billing_schedule_name: "Quarterly" })).toBe("€9.90 / Quarterly");
  });
  it("gives a schedule's time of day in the account's zone, 24-hour, as the dates show it", () => {
    expect(formatTimeInZone("2028-04-10T07:38:00Z", "UTC")).toBe("07:38 UTC");
    expect(formatTimeInZone("2028-04-10T13:05:00Z", "Europe/Helsinki")).toBe("16:05 EEST");
  });
  it("reads the test clock's 'Advance to' as a 24-hour wall time in the account's zone", () => {
    expect(parseZonedInput("2028-04-10 14:30", "Europe/Helsinki")?.toISOString()).toBe("2028-04-10T11:30:00.000Z");
    expect(parseZonedInput("2028-01-10T14:30", "Europe/Helsinki")?.toISOString()).toBe("2028-01-10T12:30:00.000Z");
    expect(parseZonedInput("2028-04-10 14:30", "UTC")?.toISOString()).toBe("2028-04-10T14:30:00.000Z");
    for (const bad of ["2028-04-10 2:30 PM", "2028-04-31 10:00", "2028-04-10 24:00", "10/04/2028 14:30", ""])
      expect(parseZonedInput(bad, "UTC"), bad).toBeNull();
    expect(toZonedInput(new Date("2028-04-10T11:30:00Z"), "Europe/Helsinki")).toBe("2028-04-10 14:30");
  });
  it("names a run's amount by what became of it", () => {
    expect(amountLabel("succeeded")).toBe("Amount paid");
    expect(amountLabel("voided")).toBe("Amount voided");
    expect(amountLabel("written_off")).toBe("Amount written off");
    expect(amountLabel("failed")).toBe("Amount due");
    expect(amountLabel("scheduled")).toBe("Amount due");
  });
});

describe("remainingOf", () => {
  const run = (amounts: Partial<Record<"charged" | "refunded" | "disputed" | "credit_applied" | "credited", string>>) =>
    ({
      charged_amount: amounts.charged ?? "0.0000",
      refunded_amount: amounts.refunded ?? "0.0000",
      disputed_amount: amounts.disputed ?? "0.0000",
      credit_applied_amount: amounts.credit_applied ?? "0.0000",
      credited_amount: amounts.credited ?? "0.0000",
    }) as Run;
  it("is what was paid less refunds and disputes, and less credit notes, exactly", () => {
    expect(remainingOf(run({ charged: "12.2800" }))).toBe("12.2800");
    expect(remainingOf(run({ charged: "12.2800", refunded: "2.0001", disputed: "0.2799" }))).toBe("10.0000");
    expect(remainingOf(run({ charged: "0.3000", refunded: "0.1000", credited: "0.2500" }))).toBe("0.0500");
    expect(remainingOf(run({ charged: "10", credit_applied: "5.5", credited: "12" }))).toBe("3.5000");
    expect(remainingOf(run({ charged: "123456789012.3456", refunded: "0.0001" }))).toBe("123456789012.3455");
  });
  it("is never below zero; a missing amount counts as zero", () => {
    expect(remainingOf(run({ charged: "5.0000", refunded: "7.0000" }))).toBe("0.0000");
    expect(remainingOf({ ...run({ charged: "5.0000" }), refunded_amount: null } as unknown as Run)).toBe("5.0000");
  });
});
