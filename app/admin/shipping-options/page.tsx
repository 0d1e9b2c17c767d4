import { ShippingOptionForm } from "@/components/admin/catalog/ShippingOptionForm";
import { ShippingOptionTable } from "@/components/admin/catalog/ShippingOptionTable";
import { PageHeader } from "@/components/admin/PageHeader";
import { Card } from "@/components/ui/Card";

export default function ShippingOptionsPage() {
  return (
    <>
      <PageHeader title="Shipping options" description="Delivery choices offered with physical products." />
      <Card title="All shipping options">
        <ShippingOptionTable />
      </Card>
      <Card title="New shipping option">
        <ShippingOptionForm />
      </Card>
    </>
  );
}
