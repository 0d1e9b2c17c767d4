import { CardsPage } from "@/components/admin/CardsPage";
import { SalesChannelTable } from "@/components/admin/salesChannels/SalesChannelTable";

export default function SalesChannelsPage() {
  return (
    <CardsPage
      title="Sales channels"
      newPage={{ href: "/admin/sales-channels/new", label: "New sales channel" }}
      cards={{ Channels: <SalesChannelTable /> }}
    >
      Offers your website sells through the embedded checkout: which origins may run it, which processors it offers, its
      theme and terms.
    </CardsPage>
  );
}
