// The reference's search index: one small entry per operation (method, path, summary, resource, link).
import { searchIndex } from "@/components/docs/reference";

export function GET() {
  return Response.json(searchIndex(), { headers: { "cache-control": "public, max-age=300" } });
}
