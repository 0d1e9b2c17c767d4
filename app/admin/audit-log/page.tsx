// The account's audit trail: every change through the console, the API or a public page, newest
// first. A server component: filters and the page live in the URL (`?page=2&actor_type=api_key`).

import { AuditLogFilters } from "@/components/admin/audit/AuditLogFilters";
import { AuditLogTable } from "@/components/admin/audit/AuditLogTable";
import { ExportLinks } from "@/components/admin/exports/ExportLinks";
import { PageHeader } from "@/components/admin/PageHeader";
import { Card } from "@/components/ui/Card";
import { ACTOR_TYPES } from "@/server/domain/audit/audit";
import { createTrpcContext } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/root";
import { AUDIT_PAGE_SIZE } from "@/server/trpc/routers/audit";

export const dynamic = "force-dynamic";

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

export default async function AuditLogPage({ searchParams }: { searchParams: Promise<Search> }) {
  const q = await searchParams;
  const filters = { actor_type: one(q.actor_type), action: one(q.action) };
  const caller = appRouter.createCaller(await createTrpcContext());
  const actorType = ACTOR_TYPES.find((t) => t === filters.actor_type) ?? null; // anything else: no filter
  const log = await caller.audit.list({
    page: Number(one(q.page)) || 1,
    actor_type: actorType,
    action: filters.action || null,
  });
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made through the console, the API (by key) or a public page: who, what, when. Times are in the account's time zone (UTC on hover)."
      />
      <Card title="Filter">
        <AuditLogFilters actorType={filters.actor_type} action={filters.action} />
        <div className="mt-3">
          <ExportLinks
            kind="audit-log"
            what="audit log entries"
            filters={{ actor_type: actorType, action: filters.action }}
          />
        </div>
      </Card>
      <Card title={`Changes (${log.count})`} testId="audit-log">
        <AuditLogTable rows={log.results} total={log.count} pageSize={AUDIT_PAGE_SIZE} />
      </Card>
    </>
  );
}
