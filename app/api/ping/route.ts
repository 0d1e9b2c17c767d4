// Trivial handlers: the baselines the quote benchmark compares HTTP throughput against. GET does
// nothing; POST reads and parses a JSON body (what any JSON POST costs in a Next.js route handler).
export const dynamic = "force-dynamic";
export const GET = () => Response.json({ ok: true });
export const POST = async (req: Request) => {
  JSON.parse((await req.text()) || "{}");
  return Response.json({ ok: true });
};
