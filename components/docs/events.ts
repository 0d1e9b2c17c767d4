// The events reference's view of the event catalog: each payload as JSON schema and an example, built
// from the zod schemas (server/schemas/events.ts) with the same example values as the API reference.
import { z } from "zod";
import { type EventDoc, eventCatalog } from "@/server/domain/events/catalog";
import { eventEnvelope } from "@/server/schemas/events";
import { exampleOf } from "./examples";
import type { JsonSchema, OpenApiDoc } from "./openapi";

export interface EventView extends EventDoc {
  /** A document whose components are the payload's $defs, so the schema views can resolve references. */
  doc: OpenApiDoc;
  schema: JsonSchema;
  example: unknown;
}

let cached: EventView[] | undefined;

export function eventViews(): EventView[] {
  cached ??= eventCatalog().map((event) => {
    const json = z.toJSONSchema(eventEnvelope(event.data), { io: "output", unrepresentable: "any" }) as JsonSchema & {
      $defs?: Record<string, JsonSchema>;
    };
    const doc: OpenApiDoc = {
      openapi: "3.1.0",
      info: { title: "", version: "" },
      paths: {},
      components: { schemas: json.$defs ?? {} },
    };
    const example = { ...(exampleOf(doc, json) as object), id: "evt_5f1c2a9be04d7c3e8a61b2f0", type: event.type };
    return { ...event, doc, schema: json.properties?.data ?? {}, example };
  });
  return cached;
}

/** The events page's on-demand part (OnDemand.tsx): each event type's data schema, and the schemas it uses. */
export interface EventDetails {
  schemas: Record<string, JsonSchema>;
  events: Record<string, JsonSchema>;
}

export function eventDetails(): EventDetails {
  const schemas: Record<string, JsonSchema> = {};
  const events: Record<string, JsonSchema> = {};
  for (const event of eventViews()) {
    Object.assign(schemas, event.doc.components?.schemas);
    events[event.type] = event.schema;
  }
  return { schemas, events };
}
