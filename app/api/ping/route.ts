// Trivial handlers: the baselines the quote benchmark compares HTTP throughput against. GET does
// nothing; POST reads and parses a JSON body (what any JSON POST costs in a Next.js route handler)
// and, with `?bytes=N` (at most 1 MB), answers with about N bytes of JSON, like a response of that size.
export const dynamic = "force-dynamic";
export const GET = () => Response.json({ ok: true });
export const POST = async (req: Request) => {
  JSON.parse((await req.text()) || "{}");
  const bytes = Math.min(Number(new URL(req.url).searchParams.get("bytes")) || 0, 1_000_000);
  return Response.json(bytes > 20 ? { ok: true, pad: "x".repeat(bytes - 20) } : { ok: true });
};
