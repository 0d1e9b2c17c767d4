import { ShippingOptionForm } from "@/components/admin/catalog/ShippingOptionForm";
import { ShippingOptionTable } from "@/components/admin/catalog/ShippingOptionTable";
import { ListPage } from "@/components/admin/ListPage";

export default function ShippingOptionsPage() {
  return (
    <ListPage
      title="Shipping options"
      description="Delivery choices offered with physical products."
      listTitle="All shipping options"
      list={<ShippingOptionTable />}
      formTitle="New shipping option"
      form={<ShippingOptionForm />}
    />
  );
}
