"use client";
// One sales channel: its embed snippet (copyable) and the form to change it.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { Card } from "@/components/ui/Card";
import { ErrorState } from "@/components/ui/ErrorState";
import { PageHeader } from "@/components/ui/PageHeader";
import { TableSkeleton } from "@/components/ui/TableSkeleton";
import { EmbedSnippet } from "./EmbedSnippet";
import { SalesChannelForm } from "./SalesChannelForm";

export function SalesChannelDetail({ channelId }: { channelId: number }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.settings.salesChannels.get.queryOptions({ id: channelId }));
  if (q.error)
    return <ErrorState error={q.error} title="Could not load this sales channel" onRetry={() => q.refetch()} />;
  if (!q.data) return <TableSkeleton columns={2} rows={4} label="Loading the sales channel" />;
  const c = q.data;
  return (
    <>
      <PageHeader
        title={c.name}
        id={String(c.id)}
        idLabel="sales channel id"
        status={c.active ? "active" : "inactive"}
        description="An offer your website sells through the embedded checkout widget."
      />
      <Card title="Embed snippet">
        <EmbedSnippet channelId={c.id} />
      </Card>
      <Card title="Settings">
        <SalesChannelForm channel={c} key={c.updated_at} />
      </Card>
    </>
  );
}
