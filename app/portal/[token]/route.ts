import { openPortalLink } from "@/server/http/portal";

export const dynamic = "force-dynamic";

export const GET = async (req: Request, { params }: { params: Promise<{ token: string }> }) =>
  openPortalLink(req, (await params).token);
