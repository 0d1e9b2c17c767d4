import { PageHeader } from "@/components/admin/PageHeader";
import { BillingRunTable } from "@/components/admin/billing/BillingRunTable";
import { TestClockForm } from "@/components/admin/billing/TestClockForm";
import { Card } from "@/components/ui/Card";

export default function BillingPage() {
  return (
    <>
      <PageHeader title="Billing" description="Billing runs of your contracts; in test mode, move the clock to simulate months of billing." />
      <Card title="Test clock"><TestClockForm /></Card>
      <Card title="Latest billing runs"><BillingRunTable /></Card>
    </>
  );
}
