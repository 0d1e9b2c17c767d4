import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { NavBar } from "@/components/admin/NavBar";
import { AdminProviders } from "@/components/trpc/AdminProviders";
import { currentSession } from "@/server/auth/session";
import { getDb } from "@/server/db";
import { loadConsoleUser } from "@/server/domain/users/roles";

export const metadata: Metadata = { title: "Admin · Subscription Contracts" };

// Every /admin page needs a signed-in seller; the tRPC procedures check the session again.
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const session = await currentSession();
  if (!session) redirect("/login");
  // the role as the database has it now (the session does not carry it); tRPC checks it on every call
  const user = await loadConsoleUser(getDb(), session.userId, session.accountId);
  return (
    <AdminProviders session={session}>
      <NavBar userLabel={session.user?.email ?? session.user?.name ?? "Signed in"} role={user?.role ?? null} />
      <main className="mx-auto max-w-6xl space-y-6 px-6 py-8">{children}</main>
    </AdminProviders>
  );
}
