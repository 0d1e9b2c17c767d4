import { SalesChannelDetail } from "@/components/admin/salesChannels/SalesChannelDetail";
import { consoleCtx, idParam, orNotFound } from "@/server/admin/loaders";
import { getChannel } from "@/server/domain/sessions/channels";

// A missing channel, or another account's, answers HTTP 404 (no loading.tsx here: it would fix the status at 200).
export default async function SalesChannelPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idParam((await params).id);
  await orNotFound(getChannel(await consoleCtx(), id));
  return <SalesChannelDetail channelId={id} />;
}
