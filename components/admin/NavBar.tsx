"use client";
// Top navigation of the console, with the signed-in user, sign-out and "sign out everywhere" (ends
// every session of the user, on all devices).
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { useTRPC } from "../trpc/client";

const LINKS = [
  { href: "/admin", label: "Overview" },
  { href: "/admin/products", label: "Products" },
  { href: "/admin/customers", label: "Customers" },
  { href: "/admin/billing", label: "Billing" },
  { href: "/admin/api-keys", label: "API keys" },
  { href: "/admin/users", label: "Users" },
  { href: "/admin/audit-log", label: "Audit log" },
  { href: "/docs/api", label: "API reference" },
];

const ROLE_LABEL: Record<string, string> = { owner: "owner", admin: "admin", read_only: "read-only" };

export function NavBar({ userLabel, role }: { userLabel: string; role: string | null }) {
  const pathname = usePathname();
  const trpc = useTRPC();
  const everywhere = useMutation(trpc.session.signOutEverywhere.mutationOptions({ onSettled: () => signOut({ callbackUrl: "/login" }) }));
  const isActive = (href: string) => (href === "/admin" ? pathname === href : pathname.startsWith(href));
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-6 py-3" data-testid="admin-nav">
        <Link href="/admin" className="font-semibold text-slate-900">Subscription Contracts</Link>
        <ul className="flex flex-1 flex-wrap gap-4 text-sm">
          {LINKS.map((l) => (
            <li key={l.href}>
              <Link href={l.href} className={isActive(l.href) ? "font-medium text-blue-700" : "text-slate-600 hover:text-slate-900"}>{l.label}</Link>
            </li>
          ))}
        </ul>
        <span className="text-sm text-slate-500" data-testid="signed-in-user">{userLabel}</span>
        {role ? <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700" data-testid="signed-in-role" title="Your role in this account">{ROLE_LABEL[role] ?? role}</span> : null}
        <button
          type="button"
          disabled={everywhere.isPending}
          onClick={() => everywhere.mutate()}
          className="rounded-md border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:bg-slate-50"
          data-testid="sign-out-everywhere"
        >
          Sign out everywhere
        </button>
        <button
          type="button"
          onClick={() => signOut({ callbackUrl: "/login" })}
          className="rounded-md border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:bg-slate-50"
          data-testid="sign-out"
        >
          Sign out
        </button>
      </nav>
    </header>
  );
}
