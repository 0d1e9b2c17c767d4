import Link from "next/link";
import { SalesChannelTable } from "@/components/admin/salesChannels/SalesChannelTable";
import { Card } from "@/components/ui/Card";
import { PageHeader, primaryButtonClass } from "@/components/ui/PageHeader";

export default function SalesChannelsPage() {
  return (
    <>
      <PageHeader
        title="Sales channels"
        description="Offers your website sells through the embedded checkout: which origins may run it, which processors it offers, its theme and terms."
        actions={
          <Link href="/admin/sales-channels/new" className={primaryButtonClass}>
            New sales channel
          </Link>
        }
      />
      <Card title="Channels">
        <SalesChannelTable />
      </Card>
    </>
  );
}
