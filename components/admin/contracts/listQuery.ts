// The contract list's URL (?state=&service_state=&currency=&attention=&started=&customer=&q=&sort=&page=, and the
// dashboard's ranges created_/ended_/next_billing_ _from/_after/_to) → the contracts.list input. A state may be a
// comma list (state=canceled,ended), as the dashboard's figures link. Unknown values are dropped rather
// than failing the whole list.
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/root";

export type ContractRow = inferRouterOutputs<AppRouter>["contracts"]["list"]["results"][number];

const STATES = ["inactive", "active", "paused", "canceled", "ended"] as const;
const SERVICE = ["active", "inactive", "partial", "past_due"] as const;
const pick = <T extends string>(v: string | null, allowed: readonly T[]): T | T[] | undefined => {
  const values = (v ?? "").split(",").filter((x): x is T => (allowed as readonly string[]).includes(x));
  const unique = [...new Set(values)];
  return unique.length === 0 ? undefined : unique.length === 1 ? unique[0] : unique;
};

export const RANGE_PARAMS = [
  "created_from",
  "created_after",
  "created_to",
  "ended_from",
  "ended_after",
  "ended_to",
  "next_billing_from",
  "next_billing_to",
] as const;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const instant = (v: string | null) => (v && ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined);

export function contractListQuery(
  p: URLSearchParams,
  page: number,
  sort: { id: string; desc: boolean } | null,
  pageSize: number,
) {
  const currency = p.get("currency");
  const attention = p.get("attention");
  const started = p.get("started");
  const sortKey =
    sort?.id === "next_billing_at"
      ? sort.desc
        ? "next_billing_desc"
        : "next_billing_asc"
      : sort?.id === "created_at" && !sort.desc
        ? "created_asc"
        : "created_desc";
  return {
    page,
    pageSize,
    sort: sortKey as "created_desc" | "created_asc" | "next_billing_asc" | "next_billing_desc",
    search: p.get("q")?.slice(0, 200) || undefined,
    filters: {
      state: pick(p.get("state"), STATES),
      service_state: pick(p.get("service_state"), SERVICE),
      currency: currency && /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : undefined,
      attention: attention === "true" ? true : attention === "false" ? false : undefined,
      started: started === "true" ? true : undefined,
      customer: p.get("customer")?.slice(0, 200) || undefined,
      ...Object.fromEntries(RANGE_PARAMS.map((k) => [k, instant(p.get(k))])),
    },
  };
}
