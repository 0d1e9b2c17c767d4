// The events page's on-demand parts: each event's data schema (and the schemas it uses), fetched when a
// reader first opens "Fields of data" (components/docs/OnDemand.tsx).
import { eventDetails } from "@/components/docs/events";

export function GET() {
  return Response.json(eventDetails(), { headers: { "cache-control": "public, max-age=300" } });
}
