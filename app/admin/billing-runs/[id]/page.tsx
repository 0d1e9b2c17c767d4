import { RunDetail } from "@/components/admin/billingRuns/RunDetail";
import { consoleCtx, idParam, orNotFound } from "@/server/admin/loaders";
import { getRun } from "@/server/domain/billing/runs";

// A missing run, or another account's, answers HTTP 404 (the console's not-found page).
export default async function BillingRunPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idParam((await params).id);
  await orNotFound(getRun(await consoleCtx(), id));
  return <RunDetail runId={id} />;
}
