import { embedCheckoutPage } from "@/server/http/embed";

export const dynamic = "force-dynamic";

export const GET = async (req: Request, ctx: { params: Promise<{ token: string }> }) =>
  embedCheckoutPage(req, (await ctx.params).token);
