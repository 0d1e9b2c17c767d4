// The billing-run list's URL (?state=&currency=&customer=&contract=&period_from=&period_to=&scheduled_from=
// &scheduled_to=&paid_from=&paid_to=&refunded_from=&refunded_to=&disputed=open&page=) → the runs.list input. The dashboard links here with the filter
// of the figure it shows; unknown or malformed values are dropped rather than failing the whole list.
import { CONSOLE_RUN_STATES, type RunState } from "@/server/schemas/runStates";

export { CONSOLE_RUN_STATES as RUN_STATES };
export const PAGE_SIZE = 25;

const isState = (v: string): v is RunState => (CONSOLE_RUN_STATES as readonly string[]).includes(v);
/** A date (YYYY-MM-DD, the filter's date inputs) or an instant (the dashboard's windows) → ISO instant. */
function instant(v: string | null, endOfDay: boolean): string | undefined {
  if (!v) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return `${v}T${endOfDay ? "23:59:59.999" : "00:00:00.000"}Z`;
  const d = new Date(v);
  return /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(d.getTime()) ? d.toISOString() : undefined;
}

export function runListQuery(p: URLSearchParams, page: number) {
  const states = (p.get("state") ?? "").split(",").filter(isState);
  const currency = p.get("currency");
  const contract = p.get("contract");
  return {
    page,
    pageSize: PAGE_SIZE,
    filters: {
      state: states.length === 0 ? undefined : states.length === 1 ? states[0] : states,
      currency: currency && /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : undefined,
      customer: p.get("customer")?.trim().slice(0, 200) || undefined,
      contract: contract && /^[1-9]\d{0,8}$/.test(contract) ? Number(contract) : undefined,
      period_from: instant(p.get("period_from"), false),
      period_to: instant(p.get("period_to"), true),
      scheduled_from: instant(p.get("scheduled_from"), false),
      scheduled_to: instant(p.get("scheduled_to"), true),
      paid_from: instant(p.get("paid_from"), false),
      paid_to: instant(p.get("paid_to"), true),
      refunded_from: instant(p.get("refunded_from"), false),
      refunded_to: instant(p.get("refunded_to"), true),
      disputed: p.get("disputed") === "open" ? ("open" as const) : undefined,
    },
  };
}

/** A console list URL for a figure's filter (arrays as comma lists, as this list reads them). */
export function listHref(path: string, filter: Record<string, string | string[] | boolean>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) q.set(k, Array.isArray(v) ? v.join(",") : String(v));
  return `${path}?${q}`;
}
