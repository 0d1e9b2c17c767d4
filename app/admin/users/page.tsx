// Users of the account and their roles; owners may change roles here.
import { PageHeader } from "@/components/admin/PageHeader";
import { UserTable } from "@/components/admin/users/UserTable";
import { Card } from "@/components/ui/Card";
import { getSellerSession } from "@/server/auth/session";
import { getDb } from "@/server/db";
import { loadConsoleUser } from "@/server/domain/users/roles";
import { createTrpcContext } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/root";

export const dynamic = "force-dynamic";

export default async function UsersPage() {
  const session = await getSellerSession();
  const me = session ? await loadConsoleUser(getDb(), session.userId, session.accountId) : null;
  const users = await appRouter.createCaller(await createTrpcContext()).users.list();
  return (
    <>
      <PageHeader
        title="Users"
        description="Owners and admins may change everything; read-only users may look at everything and change nothing. Only owners change roles."
      />
      <Card title="Users of this account">
        <UserTable users={users} canManage={me?.role === "owner"} myId={me?.id ?? 0} />
      </Card>
    </>
  );
}
