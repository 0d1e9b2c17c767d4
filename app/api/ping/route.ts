// Trivial handlers: the baselines the quote benchmark compares HTTP throughput against. GET does
// nothing; POST reads and parses a JSON body through the API's own body reader (what any JSON POST costs
// here) and, with `?bytes=N` (at most 1 MB), answers with about N bytes of JSON, like a response of that size.
import { isDomainError } from "@/server/domain/errors";
import { parseJsonBody, readBodyText } from "@/server/http/body";
import { errorBody } from "@/server/http/errors";

export const dynamic = "force-dynamic";
export const GET = () => Response.json({ ok: true });
export const POST = async (req: Request) => {
  try {
    parseJsonBody(await readBodyText(req));
  } catch (e) {
    if (isDomainError(e)) return Response.json(errorBody(e), { status: 400 });
    throw e;
  }
  const bytes = Math.min(Number(new URL(req.url).searchParams.get("bytes")) || 0, 1_000_000);
  return Response.json(bytes > 20 ? { ok: true, pad: "x".repeat(bytes - 20) } : { ok: true });
};
