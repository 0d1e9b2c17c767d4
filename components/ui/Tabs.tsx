"use client";
// A detail page's sections as tabs (WAI-ARIA tabs with manual activation): each tab is a link to the same
// page with ?tab=<id>, so reload, back and a shared link keep the tab, and the server renders only the chosen
// panel (`tabOf` in ./tabs). Arrow keys, Home and End move between the tabs; Enter or Space opens one. Other
// query parameters (a table's ?runs_page=2) are kept. Only the selected tab names its panel (aria-controls):
// the other panels are not in the page.
//
//   <Tabs label="Contract sections" tabs={TABS} selected={tab}>{tab === "billing" ? <Runs /> : <Items />}</Tabs>
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useRef } from "react";
import { type TabDef, tabHref } from "./tabs";

export function Tabs({
  label,
  tabs,
  selected,
  children,
  testId = "tabs",
}: {
  /** the tab list's accessible name ("Contract sections") */
  label: string;
  tabs: readonly TabDef[];
  selected: string;
  children: React.ReactNode;
  testId?: string;
}) {
  const pathname = usePathname();
  const params = new URLSearchParams(useSearchParams()?.toString() ?? "");
  const list = useRef<HTMLDivElement>(null);
  const first = tabs[0].id;
  const onKeyDown = (e: React.KeyboardEvent<HTMLAnchorElement>) => {
    const all = Array.from(list.current?.querySelectorAll<HTMLAnchorElement>('[role="tab"]') ?? []);
    const at = all.indexOf(e.currentTarget);
    const to: Record<string, number> = {
      ArrowRight: (at + 1) % all.length,
      ArrowLeft: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (e.key in to) {
      e.preventDefault();
      all[to[e.key]]?.focus();
    } else if (e.key === " ") {
      // a link opens on Enter only; a tab opens on Space too
      e.preventDefault();
      e.currentTarget.click();
    }
  };
  return (
    <div data-testid={testId} className="space-y-4 sm:space-y-6">
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        className="flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {tabs.map((t) => {
          const on = t.id === selected;
          return (
            <Link
              key={t.id}
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={on}
              aria-controls={on ? `tabpanel-${t.id}` : undefined}
              tabIndex={on ? 0 : -1}
              href={tabHref(pathname, params, t.id, first)}
              scroll={false}
              onKeyDown={onKeyDown}
              data-testid={`tab-${t.id}`}
              className={`-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 ${
                on
                  ? "border-blue-700 font-semibold text-slate-900"
                  : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900"
              }`}
            >
              {t.label}
            </Link>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`tabpanel-${selected}`}
        aria-labelledby={`tab-${selected}`}
        tabIndex={-1}
        className="space-y-4 focus:outline-none sm:space-y-6"
      >
        {children}
      </div>
    </div>
  );
}
