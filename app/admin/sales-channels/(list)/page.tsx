import Link from "next/link";
import { ListPage } from "@/components/admin/ListPage";
import { SalesChannelTable } from "@/components/admin/salesChannels/SalesChannelTable";
import { primaryButtonClass } from "@/components/ui/PageHeader";

export default function SalesChannelsPage() {
  return (
    <ListPage
      title="Sales channels"
      description="Offers your website sells through the embedded checkout: which origins may run it, which processors it offers, its theme and terms."
      actions={
        <Link href="/admin/sales-channels/new" className={primaryButtonClass}>
          New sales channel
        </Link>
      }
      listTitle="Channels"
      list={<SalesChannelTable />}
    />
  );
}
