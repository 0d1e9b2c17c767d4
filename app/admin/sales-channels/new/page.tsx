import { SalesChannelForm } from "@/components/admin/salesChannels/SalesChannelForm";
import { Card } from "@/components/ui/Card";
import { PageHeader } from "@/components/ui/PageHeader";

export default function NewSalesChannelPage() {
  return (
    <>
      <PageHeader
        title="New sales channel"
        description="Once created, the channel's page gives you the snippet to embed the checkout on your site."
      />
      <Card>
        <SalesChannelForm />
      </Card>
    </>
  );
}
