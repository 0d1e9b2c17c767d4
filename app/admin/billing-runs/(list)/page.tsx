import { RunList } from "@/components/admin/billingRuns/RunList";
import { PageHeader } from "@/components/ui/PageHeader";

// Filters, page and state live in the URL; runs.list pages on the server.
export default function BillingRunsPage() {
  return (
    <>
      <PageHeader
        title="Billing runs"
        description="Every charge of the account's contracts: what was billed, and how the payment went."
      />
      <RunList />
    </>
  );
}
