"use client";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { buttonClass } from "./buttonClass";
// Pagination at the bottom of a list: "11–20 of 52", Previous and Next as real links (a reload or a shared
// link keeps the page), the page in `?<pageParam>=N` with the other query parameters kept. Beside other
// paged lists on one page, each names its own parameter, and the navigation is named after the list.
//
//   <Pagination total={52} pageSize={10} page={2} pageParam="history_page" label="Billing history" />
import { useUiText } from "./uiText";

export function Pagination({
  total,
  pageSize,
  page,
  pageParam,
  label,
  params,
}: {
  total: number;
  pageSize: number;
  page: number;
  pageParam: string;
  label: string;
  /** the current query (default: the URL's) */
  params?: URLSearchParams;
}) {
  const ui = useUiText();
  const pathname = usePathname();
  const search = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const href = (p: number) => {
    const next = new URLSearchParams((params ?? search)?.toString() ?? "");
    if (p <= 1) next.delete(pageParam);
    else next.set(pageParam, String(p));
    const qs = next.toString();
    return qs ? `${pathname}?${qs}` : pathname;
  };
  const linkClass = buttonClass("secondary", "sm");
  const offClass = "rounded-md border border-slate-200 bg-slate-50 px-3 py-1 text-sm text-slate-600 cursor-not-allowed";
  return (
    <nav
      aria-label={pageParam === "page" ? "Pagination" : ui.pagination(label)}
      data-testid="pagination"
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700"
    >
      <p data-testid="pagination-summary">{ui.range(from, to, total)}</p>
      <div className="flex items-center gap-2">
        {page > 1 ? (
          <Link href={href(page - 1)} className={linkClass} scroll={false}>
            {ui.previous}
          </Link>
        ) : (
          <span aria-disabled="true" className={offClass}>
            {ui.previous}
          </span>
        )}
        <span>{ui.pageOf(Math.min(page, pages), pages)}</span>
        {page < pages ? (
          <Link href={href(page + 1)} className={linkClass} scroll={false}>
            {ui.next}
          </Link>
        ) : (
          <span aria-disabled="true" className={offClass}>
            {ui.next}
          </span>
        )}
      </div>
    </nav>
  );
}
