"use client";
// The console's left sidebar: sections from ./navigation, the current page marked (aria-current plus a
// bold label and a left bar, not colour alone); below 1024 px it folds behind a "Menu" button.
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { currentHref, NAV } from "./navigation";

export function Sidebar({ testMode }: { testMode: boolean }) {
  const pathname = usePathname() ?? "/admin";
  // the folded menu is open on the page it was opened on: choosing a page closes it
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const sections = NAV.map((s) => ({ ...s, links: s.links.filter((l) => testMode || !l.testOnly) }));
  const current = currentHref(
    pathname,
    sections.flatMap((s) => s.links),
  );
  return (
    <div className="lg:w-60 lg:shrink-0">
      <Button
        aria-expanded={open}
        aria-controls="admin-sidebar"
        onClick={() => setOpenOn(open ? null : pathname)}
        className="m-3 lg:hidden"
      >
        Menu
      </Button>
      <nav
        id="admin-sidebar"
        aria-label="Console"
        data-testid="admin-nav"
        className={`${open ? "block" : "hidden"} border-b border-slate-200 bg-white px-3 pb-4 lg:sticky lg:top-0 lg:block lg:max-h-screen lg:overflow-y-auto lg:border-b-0 lg:border-r lg:pt-4`}
      >
        {sections.map((s) => (
          <div key={s.title} className="mt-3 first:mt-0">
            <h2 className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-700">{s.title}</h2>
            <ul className="mt-1">
              {s.links.map((l) => {
                const active = l.href === current;
                return (
                  <li key={l.href}>
                    <Link
                      href={l.href}
                      prefetch={l.prefetch}
                      aria-current={active ? "page" : undefined}
                      className={`block border-l-4 px-3 py-1.5 text-sm ${active ? "border-blue-700 bg-blue-50 font-semibold text-slate-900" : "border-transparent text-slate-700 hover:bg-slate-100 hover:text-slate-900"}`}
                    >
                      {l.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
    </div>
  );
}
