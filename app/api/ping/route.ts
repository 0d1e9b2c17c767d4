// Trivial handler: the baseline the quote benchmark compares HTTP throughput against.
export const dynamic = "force-dynamic";
export const GET = () => Response.json({ ok: true });
