import { CustomerList } from "@/components/admin/customers/CustomerList";
import { NewCustomerForm } from "@/components/admin/customers/NewCustomerForm";
import { Card } from "@/components/ui/Card";
import { PageHeader } from "@/components/ui/PageHeader";

// The list lives in a route group so its loading.tsx does not wrap /admin/customers/[key] (whose 404
// must be decided before anything streams).
export default function CustomersPage() {
  return (
    <>
      <PageHeader
        title="Customers"
        description="Search by reference, name or email. The API addresses customers by their reference."
      />
      <CustomerList />
      <Card title="New customer">
        <NewCustomerForm />
      </Card>
    </>
  );
}
