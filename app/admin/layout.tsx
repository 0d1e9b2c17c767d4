import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { HeaderSearch } from "@/components/admin/HeaderSearch";
import { Sidebar } from "@/components/admin/Sidebar";
import { TestModeBanner } from "@/components/admin/TestModeBanner";
import { UserMenu } from "@/components/admin/UserMenu";
import { AdminProviders } from "@/components/trpc/AdminProviders";
import { ConsoleProvider } from "@/components/ui/ConsoleContext";
import { DEFAULT_LOCALE } from "@/components/ui/money";
import { Toaster } from "@/components/ui/Toaster";
import { WriteAccessProvider } from "@/components/ui/WriteAccess";
import { currentSession } from "@/server/auth/session";
import { systemClock } from "@/server/clock";
import { getDb } from "@/server/db";
import { getAccountSettings } from "@/server/domain/accounts/settings";
import { canMutate, loadConsoleUser } from "@/server/domain/users/roles";

export const metadata: Metadata = { title: "Admin · Subscription Contracts" };

// Every /admin page needs a signed-in seller; the tRPC procedures check the session again.
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const session = await currentSession();
  if (!session) redirect("/login");
  const ctx = { db: getDb(), accountId: session.accountId, clock: systemClock };
  // the role as the database has it now (the session does not carry it); tRPC checks it on every call
  const [user, account] = await Promise.all([
    loadConsoleUser(ctx.db, session.userId, session.accountId),
    getAccountSettings(ctx),
  ]);
  const testMode = account.mode === "test";
  // every mutating control asks this (components/ui/WriteAccess.tsx); tRPC refuses with the same rule
  const canWrite = user ? canMutate(user.role) : false;
  return (
    <AdminProviders session={session}>
      <ConsoleProvider value={{ timeZone: account.display_timezone, locale: DEFAULT_LOCALE, now: account.clock_at }}>
        <WriteAccessProvider canWrite={canWrite}>
          <a
            href="#main"
            className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-medium text-blue-800 focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:ring-2 focus:ring-blue-700"
          >
            Skip to content
          </a>
          {testMode ? <TestModeBanner clockAt={account.clock_at} /> : null}
          <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-2">
            <Link href="/admin" className="font-semibold text-slate-900">
              Subscription Contracts <span className="font-normal text-slate-700">· {account.name}</span>
            </Link>
            <HeaderSearch />
            <UserMenu userLabel={session.user?.email ?? session.user?.name ?? "Signed in"} role={user?.role ?? null} />
          </header>
          <div className="lg:flex">
            <Sidebar testMode={testMode} />
            <main
              id="main"
              tabIndex={-1}
              className="min-w-0 flex-1 space-y-4 px-4 py-4 focus:outline-none sm:space-y-6 sm:px-6 sm:py-6 lg:px-8"
            >
              <div className="mx-auto max-w-6xl space-y-4 sm:space-y-6">
                {canWrite ? null : (
                  <p
                    className="rounded-md border border-slate-300 bg-slate-50 px-4 py-2 text-sm text-slate-800"
                    data-testid="read-only-notice"
                  >
                    You have read-only access: you can see everything in this account, but changes need an owner or
                    admin.
                  </p>
                )}
                {children}
              </div>
            </main>
          </div>
          <Toaster />
        </WriteAccessProvider>
      </ConsoleProvider>
    </AdminProviders>
  );
}
