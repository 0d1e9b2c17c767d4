// A detail page's tabs, held in the URL (?tab=runs): which one a request asks for, read on the server so
// the page renders only that panel. The first tab is the default and has no parameter (the page's own URL).
//
//   const TABS = [{ id: "overview", label: "Overview" }, { id: "billing", label: "Billing" }] as const;
//   const tab = tabOf(await searchParams, TABS);   // "overview" unless ?tab=runs
export interface TabDef<Id extends string = string> {
  id: Id;
  label: string;
}

export const TAB_PARAM = "tab";

/** The tab a request's query names, or the first one (unknown or repeated values fall back to it). */
export function tabOf<Id extends string>(
  search: Record<string, string | string[] | undefined> | URLSearchParams,
  tabs: readonly TabDef<Id>[],
): Id {
  const raw = search instanceof URLSearchParams ? search.get(TAB_PARAM) : search[TAB_PARAM];
  return tabs.find((t) => t.id === raw)?.id ?? tabs[0].id;
}

/** The query string of `current` with the tab set (the first tab drops the parameter); `#hash` optional. */
export function tabHref(pathname: string, current: URLSearchParams, tab: string, first: string, hash = ""): string {
  const next = new URLSearchParams(current.toString());
  if (tab === first) next.delete(TAB_PARAM);
  else next.set(TAB_PARAM, tab);
  const qs = next.toString();
  return `${pathname}${qs ? `?${qs}` : ""}${hash}`;
}
