"use client";
// List state (filters, search, sort, page) kept in the URL's query string, so back/forward and reload
// keep the view and a link shares it. Changing a filter or the sort resets the page.
//
//   const [state, set] = useUrlState();
//   state.get("status")            // "active" | null
//   set({ status: "paused" })      // ?status=paused (page dropped)
//   set({ page: "3" }, { keepPage: true })
//   set({ q: null })               // removes ?q
//   const page = pageOf(state), sort = sortOf(state) // { id: "created_at", desc: true } | null
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";

export type UrlPatch = Record<string, string | null | undefined>;

export function useUrlState(): [
  URLSearchParams,
  (patch: UrlPatch, opts?: { keepPage?: boolean; replace?: boolean }) => void,
] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const set = useCallback(
    (patch: UrlPatch, opts?: { keepPage?: boolean; replace?: boolean }) => {
      const next = new URLSearchParams(params?.toString() ?? "");
      for (const [k, v] of Object.entries(patch)) {
        if (v === null || v === undefined || v === "") next.delete(k);
        else next.set(k, v);
      }
      if (!opts?.keepPage && !("page" in patch)) next.delete("page");
      const qs = next.toString();
      const url = qs ? `${pathname}?${qs}` : pathname;
      if (opts?.replace) router.replace(url, { scroll: false });
      else router.push(url, { scroll: false });
    },
    [params, router, pathname],
  );
  return [new URLSearchParams(params?.toString() ?? ""), set];
}

/** ?page=N, or a table's own parameter (?runs_page=N) (1-based; anything else → 1). */
export function pageOf(params: URLSearchParams, name = "page"): number {
  const n = Number(params.get(name));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The page of the table whose page is in `?<name>=N`, for a table that loads its own rows. */
export function usePageParam(name: string): number {
  return pageOf(new URLSearchParams(useSearchParams()?.toString() ?? ""), name);
}

/** ?sort=created_at (ascending) or ?sort=-created_at (descending). */
export function sortOf(params: URLSearchParams): { id: string; desc: boolean } | null {
  const raw = params.get("sort");
  if (!raw) return null;
  return raw.startsWith("-") ? { id: raw.slice(1), desc: true } : { id: raw, desc: false };
}

export const sortParam = (s: { id: string; desc: boolean } | null): string | null =>
  s ? `${s.desc ? "-" : ""}${s.id}` : null;
