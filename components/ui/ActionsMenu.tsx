"use client";
// The "Actions" menu of a page header (Radix dropdown: arrow keys, Escape, typeahead).
//
//   <ActionsMenu items={[{ label: "Pause contract", onSelect: () => setPauseOpen(true) },
//                        { label: "Cancel contract", onSelect: () => setCancelOpen(true), danger: true },
//                        { label: "View in API reference", href: "/docs/api#contracts" }]} />
import * as DM from "@radix-ui/react-dropdown-menu";
import Link from "next/link";

export interface ActionItem {
  label: string;
  onSelect?: () => void;
  href?: string;
  danger?: boolean;
  disabled?: boolean;
}

export function ActionsMenu({ items, label = "Actions" }: { items: ActionItem[]; label?: string }) {
  if (!items.length) return null;
  const itemClass = (danger?: boolean) =>
    `block cursor-pointer rounded px-3 py-2 text-sm outline-none data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-600 data-[highlighted]:bg-slate-100 ${danger ? "text-red-800" : "text-slate-900"}`;
  return (
    <DM.Root modal={false}>
      <DM.Trigger className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600">
        {label} <span aria-hidden="true">▾</span>
      </DM.Trigger>
      <DM.Portal>
        <DM.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-[12rem] rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          {items.map((it) =>
            it.href ? (
              <DM.Item key={it.label} asChild disabled={it.disabled} className={itemClass(it.danger)}>
                <Link href={it.href} prefetch={false}>
                  {it.label}
                </Link>
              </DM.Item>
            ) : (
              <DM.Item key={it.label} disabled={it.disabled} onSelect={it.onSelect} className={itemClass(it.danger)}>
                {it.label}
              </DM.Item>
            ),
          )}
        </DM.Content>
      </DM.Portal>
    </DM.Root>
  );
}
