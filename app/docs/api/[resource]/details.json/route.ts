// A resource page's on-demand parts (operations with their schemas and examples, the schemas they use),
// fetched when a reader first opens one (components/docs/OnDemand.tsx).
import { resourceDetails } from "@/components/docs/reference";

export async function GET(_req: Request, { params }: { params: Promise<{ resource: string }> }) {
  const details = resourceDetails((await params).resource);
  if (!details) return Response.json({ detail: "Not found." }, { status: 404 });
  return Response.json(details, { headers: { "cache-control": "public, max-age=300" } });
}
