import { Dashboard } from "@/components/admin/dashboard/Dashboard";
import { PageHeader } from "@/components/ui/PageHeader";

// Figures and charts load side by side in the browser (small aggregate queries); nothing here blocks the page.
export default function DashboardPage() {
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Revenue, contracts and billing of the account, per currency, on the account's clock."
      />
      <Dashboard />
    </>
  );
}
