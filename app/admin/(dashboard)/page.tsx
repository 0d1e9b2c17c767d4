import Link from "next/link";
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
      <p className="mb-6 text-sm">
        <Link className="text-blue-700 underline" href="/admin/forecast">
          See the billing forecast for the next 12 months
        </Link>
      </p>
      <Dashboard />
    </>
  );
}
