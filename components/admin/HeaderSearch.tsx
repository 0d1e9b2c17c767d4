"use client";
// The console header's one search box (WAI-ARIA combobox with a grouped listbox): "/" or Ctrl/Cmd+K focuses it,
// typing searches customers, contracts, runs, receipts, credit notes, products and prices (search.query),
// arrow keys move through the results, Enter opens one, Escape closes the list. Each result is a link.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { contractPath, creditNotePath, customerPath, runPath, runReceiptPath } from "@/components/admin/adminPaths";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";

type Hit = RouterOutputs["search"]["query"][number];

const GROUP_LABELS: Record<Hit["group"], string> = {
  customers: "Customers",
  contracts: "Contracts",
  billing_runs: "Billing runs",
  receipts: "Receipts",
  credit_notes: "Credit notes",
  products: "Products",
  prices: "Prices",
};

export function hitPath(hit: Hit): string {
  switch (hit.group) {
    case "customers":
      return customerPath(hit.key);
    case "contracts":
      return contractPath(hit.id);
    case "billing_runs":
      return runPath(hit.id);
    case "receipts":
      return runReceiptPath(hit.key);
    case "credit_notes":
      return creditNotePath(hit.key);
    case "products":
      return `/admin/products/${hit.id}`;
    case "prices":
      return `/admin/products/${hit.key}`;
  }
}

/** Focus from anywhere: Ctrl/Cmd+K always, "/" unless the user is typing in a field. */
function isShortcut(e: KeyboardEvent): boolean {
  if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k") return true;
  if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey) return false;
  const target = e.target as HTMLElement | null;
  return !(target?.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target?.tagName ?? ""));
}

export function HeaderSearch() {
  const trpc = useTRPC();
  const router = useRouter();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const wait = setTimeout(() => setQ(text.trim()), 120);
    return () => clearTimeout(wait);
  }, [text]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isShortcut(e)) return;
      e.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const results = useQuery({
    ...trpc.search.query.queryOptions({ q }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
  const hits = q && text.trim() ? (results.data ?? []) : [];
  const current = hits.length ? Math.min(active, hits.length - 1) : -1;
  const expanded = open && q.length > 0 && text.trim().length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  const go = (hit: Hit) => {
    setOpen(false);
    setText("");
    setQ("");
    router.push(hitPath(hit));
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setOpen(true);
      if (!hits.length) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + hits.length) % hits.length);
    } else if (e.key === "Enter") {
      if (expanded && current >= 0) {
        e.preventDefault();
        go(hits[current]);
      }
    } else if (e.key === "Escape") {
      if (expanded) setOpen(false);
      else setText("");
    }
  };

  const groups = Object.keys(GROUP_LABELS) as Hit["group"][];
  let index = -1;
  return (
    <div className="relative w-full max-w-md sm:w-80" data-testid="header-search">
      {/* a short name: longer ones ("Search customers, …") would also match the labels of list filters */}
      <label htmlFor={`${id}-input`} className="sr-only">
        Search everything
      </label>
      <span id={`${id}-scope`} className="sr-only">
        Finds customers, contracts, runs, receipts, credit notes, products and prices.
      </span>
      <input
        ref={input}
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={`${id}-listbox`}
        aria-autocomplete="list"
        aria-activedescendant={expanded && current >= 0 ? optionId(current) : undefined}
        aria-keyshortcuts="/ Control+K Meta+K"
        aria-describedby={`${id}-scope`}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search (press / or Ctrl+K)"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm shadow-sm placeholder:text-slate-600 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600"
      />
      <div
        id={`${id}-listbox`}
        role="listbox"
        aria-label="Search results"
        hidden={!expanded || hits.length === 0}
        className="absolute right-0 z-40 mt-1 max-h-96 w-full min-w-72 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        {groups.map((group) => {
          const inGroup = hits.filter((h) => h.group === group);
          if (!inGroup.length) return null;
          return (
            <div key={group} role="group" aria-labelledby={`${id}-${group}`}>
              <div id={`${id}-${group}`} className="px-3 pt-2 pb-1 text-xs font-semibold uppercase text-slate-700">
                {GROUP_LABELS[group]}
              </div>
              {inGroup.map((hit) => {
                index += 1;
                const i = index;
                return (
                  <a
                    key={`${hit.group}-${hit.id}`}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === current}
                    href={hitPath(hit)}
                    data-testid={`search-result-${hit.group}`}
                    // keep the input's focus (its blur would close the list before the click lands)
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseMove={() => setActive(i)}
                    onClick={(e) => {
                      e.preventDefault();
                      go(hit);
                    }}
                    className={`block px-3 py-1.5 text-sm ${i === current ? "bg-blue-50 text-blue-900" : "text-slate-900"}`}
                  >
                    <span className="font-medium">{hit.title}</span>
                    {hit.detail ? <span className="block text-xs text-slate-700">{hit.detail}</span> : null}
                  </a>
                );
              })}
            </div>
          );
        })}
      </div>
      <p role="status" className="sr-only">
        {expanded && !results.isFetching ? `${hits.length} results` : ""}
      </p>
      {expanded && hits.length === 0 && !results.isFetching ? (
        <p
          className="absolute right-0 z-40 mt-1 w-full rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700 shadow-lg"
          data-testid="search-empty"
        >
          Nothing matches “{text.trim()}”.
        </p>
      ) : null}
    </div>
  );
}
