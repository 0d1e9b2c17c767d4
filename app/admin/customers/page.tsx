import { PageHeader } from "@/components/admin/PageHeader";
import { CustomerTable } from "@/components/admin/customers/CustomerTable";
import { NewCustomerForm } from "@/components/admin/customers/NewCustomerForm";
import { Card } from "@/components/ui/Card";

export default function CustomersPage() {
  return (
    <>
      <PageHeader title="Customers" description="The API addresses customers by their reference." />
      <Card title="All customers"><CustomerTable /></Card>
      <Card title="New customer"><NewCustomerForm /></Card>
    </>
  );
}
