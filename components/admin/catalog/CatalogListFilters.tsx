"use client";
// The URL state of a console catalog list (tax rates, shipping options, billing schedules): ?q= (name
// search), ?active=true|false and ?page=N, read into the list procedure's input; and the filter bar for them.
import { FilterBar } from "@/components/ui/FilterBar";
import { pageOf, useUrlState } from "@/components/ui/useUrlState";

export const CATALOG_PAGE_SIZE = 25;

export function useCatalogListInput() {
  const [params] = useUrlState();
  const raw = params.get("active");
  const active: "true" | "false" | "all" = raw === "true" || raw === "false" ? raw : "all";
  return {
    page: pageOf(params),
    pageSize: CATALOG_PAGE_SIZE,
    q: params.get("q")?.trim().slice(0, 200) || undefined,
    active,
  };
}

export function CatalogListFilters({ what }: { what: string }) {
  return (
    <FilterBar
      search={{ label: `Search ${what}`, placeholder: "Name" }}
      filters={[
        {
          name: "active",
          label: "Status",
          options: [
            { value: "true", label: "Active" },
            { value: "false", label: "Inactive" },
          ],
        },
      ]}
    />
  );
}

/** The empty state: a search or filter that matches nothing says so, instead of "none yet". */
export const catalogEmpty = (input: ReturnType<typeof useCatalogListInput>, what: string, none: string) =>
  input.q || input.active !== "all" ? { message: `No ${what} match this search or filter.` } : { message: none };
