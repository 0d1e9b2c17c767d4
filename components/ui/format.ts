// Form input helpers. Money and dates for people: <Money>/formatMoney (./money) and <DateTime> (./dates).

/** Local wall-clock value of an <input type="datetime-local"> → ISO 8601 in UTC. */
export function localInputToIso(value: string): string {
  return new Date(value).toISOString();
}

const percentFormat = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 4 });
/** A stored percentage ("20.0000") for people: "20 %", "12.5 %" (in German "12,5 %"). */
export const formatPercent = (value: string | number, locale?: string) =>
  `${(locale ? new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }) : percentFormat).format(Number(value))} %`;

/** A coupon's duration for sellers, in billing runs: "3 runs", "Once", "Forever". */
export const couponDurationText = (c: { duration: string; duration_in_periods: number | null }) =>
  c.duration === "repeating" ? `${c.duration_in_periods} runs` : c.duration === "once" ? "Once" : "Forever";

/** A usage quantity ("1240", "12.5") for people in their locale: "1,240", "12.5". */
export function formatQuantity(value: string | number, locale = "en-GB"): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 12 }).format(Number(value));
}
