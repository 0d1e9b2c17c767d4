// The console's money and date formatters (pure; no database needed, but the shared setup runs anyway).
import { describe, expect, it } from "vitest";
import { formatDateInZone, formatDateTimeInZone, formatRelative, isValidTimeZone, utcIso } from "@/components/ui/dates";
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
