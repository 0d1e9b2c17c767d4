import { redirect } from "next/navigation";

// The former billing page: its runs now live at /admin/billing-runs, its clock at /admin/billing/test-clock.
export default function BillingPage() {
  redirect("/admin/billing-runs");
}
