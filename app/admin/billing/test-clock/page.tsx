import { notFound } from "next/navigation";
import { TestClockPanel } from "@/components/admin/billingRuns/TestClockPanel";
import { PageHeader } from "@/components/ui/PageHeader";
import { consoleCtx } from "@/server/admin/loaders";
import { getAccountSettings } from "@/server/domain/accounts/settings";

// Test mode only: a live account has no test clock (404, as the sidebar hides the link).
export default async function TestClockPage() {
  const account = await getAccountSettings(await consoleCtx());
  if (account.mode !== "test") notFound();
  return (
    <>
      <PageHeader
        title="Test clock"
        description="Move the test account's clock forward: everything that comes due on the way is billed, as it would be in real time."
      />
      <TestClockPanel />
    </>
  );
}
