import { Suspense } from "react";
import { AnalyticsView } from "@/components/admin/analytics/AnalyticsView";
import { PageHeader } from "@/components/ui/PageHeader";
import { Loading } from "@/components/ui/QueryState";

export default function AnalyticsPage() {
  return (
    <>
      <PageHeader
        title="Analytics"
        description="MRR movements, retention and cohorts per month and currency, on the account's clock; every figure opens the contracts behind it."
      />
      <Suspense fallback={<Loading what="analytics" />}>
        <AnalyticsView />
      </Suspense>
    </>
  );
}
