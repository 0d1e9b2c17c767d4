"use client";
// The "Actions" menu of a page header: the WAI-ARIA menu button pattern (arrow keys, Home/End, typeahead,
// Escape and Tab close, focus back on the button). Hand-written rather than Radix's dropdown, which with its
// positioning engine cost ~23 kB gzip on every console page that imports the header.
//
//   <ActionsMenu items={[{ label: "Pause contract", onSelect: () => setPauseOpen(true) },
//                        { label: "Cancel contract", onSelect: () => setCancelOpen(true), danger: true },
//                        { label: "View in API reference", href: "/docs/api#contracts" }]} />
//
// An item with `writeAction` ("cancel contracts") is disabled for a read-only user, the reason under its label.
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "./Button";
import { useHydrated } from "./useHydrated";
import { readOnlyReason, useCanWrite } from "./WriteAccess";

export interface ActionItem {
  label: string;
  onSelect?: () => void;
  href?: string;
  danger?: boolean;
  disabled?: boolean;
  /** What the item changes, completing "Read-only users cannot …" (WriteAccess.tsx). */
  writeAction?: string;
}

const menuItems = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

/** Focuses the menu's item at `index`, counted round (−1 is the last). */
function focusItem(menu: HTMLElement | null, index: number) {
  const all = menuItems(menu);
  all[(index + all.length) % all.length]?.focus();
}

export function ActionsMenu({ items, label = "Actions" }: { items: ActionItem[]; label?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const canWrite = useCanWrite();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const entries = () => menuItems(menu.current);
  const focusAt = (index: number) => focusItem(menu.current, index);
  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    focusItem(menu.current, 0);
    // a click anywhere else closes the menu (focus stays where the click put it)
    const outside = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  if (!items.length) return null;
  const onKeyDown = (e: React.KeyboardEvent) => {
    const all = entries();
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (e.key === "ArrowDown") focusAt(at + 1);
    else if (e.key === "ArrowUp") focusAt(at - 1);
    else if (e.key === "Home") focusAt(0);
    else if (e.key === "End") focusAt(all.length - 1);
    else if (e.key === "Escape") close();
    else if (e.key === "Tab") return close(false);
    else if (e.key.length === 1 && /\S/.test(e.key)) {
      // typeahead: the next item starting with the typed letter
      const next = all.findIndex((el, i) => i > at && el.textContent?.toLowerCase().startsWith(e.key.toLowerCase()));
      const first = all.findIndex((el) => el.textContent?.toLowerCase().startsWith(e.key.toLowerCase()));
      if (next >= 0 || first >= 0) focusAt(next >= 0 ? next : first);
    } else return;
    e.preventDefault();
  };
  const itemClass = (danger?: boolean) =>
    `block w-full cursor-pointer rounded px-3 py-2 text-left text-sm outline-none hover:bg-slate-100 focus:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:text-slate-600 ${danger ? "text-red-800" : "text-slate-900"}`;
  return (
    <div className="relative inline-block">
      <Button
        ref={button}
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        disabled={!hydrated}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label} <span aria-hidden="true">▾</span>
      </Button>
      {open ? (
        <div
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          tabIndex={-1}
          onKeyDown={onKeyDown}
          className="absolute right-0 z-50 mt-1 min-w-[12rem] rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          {items
            .map((item, i) => {
              const reason = item.writeAction && !canWrite ? readOnlyReason(item.writeAction) : undefined;
              return { ...item, reason, reasonId: `${id}-reason-${i}`, disabled: item.disabled || !!reason };
            })
            .map((it) =>
              it.href && !it.disabled ? (
                <Link
                  key={it.label}
                  role="menuitem"
                  tabIndex={-1}
                  href={it.href}
                  prefetch={false}
                  className={itemClass(it.danger)}
                  onClick={() => close(false)}
                >
                  {it.label}
                </Link>
              ) : (
                <button
                  key={it.label}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  aria-disabled={it.disabled || undefined}
                  aria-label={it.reason ? it.label : undefined}
                  aria-describedby={it.reason ? it.reasonId : undefined}
                  className={itemClass(it.danger)}
                  onClick={() => {
                    if (it.disabled) return;
                    // focus back on the button first: the dialog an item opens returns it there when it closes
                    close();
                    it.onSelect?.();
                  }}
                >
                  {it.label}
                  {it.reason ? (
                    <span id={it.reasonId} className="block text-xs font-normal text-slate-700">
                      {it.reason}
                    </span>
                  ) : null}
                </button>
              ),
            )}
        </div>
      ) : null}
    </div>
  );
}
