// The routes of one kind of record, named by the integer id at the end of its path
// (`/v2/coupons/{couponId}/`): its tags, extension flag, path parameter and usual response are stated
// once, so each route names only its method, the path below the record, its summary and the domain call.
import { z } from "zod";
import type { Ctx } from "@/server/domain/context";
import { detailQuery } from "@/server/schemas/catalog";
import { defineEndpoint, type EndpointDef, intId } from "./endpoint";
import { listEndpoint, type PageQuery } from "./readEndpoints";

/** The parsed path parameters: the record's id under its name (`couponId`). */
type IdParams = Record<string, number>;

type RouteDef<Q, B> = Omit<EndpointDef<IdParams, Q, B>, "path" | "tags" | "params"> & {
  /** The path below the record, e.g. `retry/`; default the record itself. */
  below?: string;
};

type IdCall = (ctx: Ctx, id: number) => Promise<unknown>;

/** `recordEndpoints(".../{thingId}/", thingResponse, { tags, extension })`: the routes of that record. */
export function recordEndpoints(path: string, response: z.ZodType, group: Pick<EndpointDef, "tags" | "extension">) {
  const shared = { ...group, response };
  const param = /\{(\w+)\}\/$/.exec(path)?.[1];
  if (!param) throw new Error(`${path}: a record path ends with its {id} parameter`);
  const params = z.object({ [param]: intId });
  const collection = path.slice(0, path.lastIndexOf("{"));
  const { tags, extension } = group;
  const route = <Q, B>({ below = "", ...def }: RouteDef<Q, B>) =>
    defineEndpoint<IdParams, Q, B>({ ...shared, params, path: `${path}${below}`, ...def });
  const byId = (method: "GET" | "POST", below: string, summary: string, call: IdCall) =>
    route({ method, below, summary, handler: (ctx, { params }) => call(ctx, params[param]) });
  return {
    route,
    /** GET the collection: filters and page from the query, the records as a list or a page. */
    list: <Q extends PageQuery, T>(
      def: Omit<Parameters<typeof listEndpoint<Q, T>>[0], "path" | "tags" | "extension" | "item">,
    ) => listEndpoint<Q, T>({ path: collection, tags, extension, item: response, ...def }),
    read: (summary: string, read: IdCall) => byId("GET", "", summary, read),
    /** GET a catalog record, with `?active=` for the records nested in it. */
    detail: (
      summary: string,
      read: (ctx: Ctx, id: number, query: z.infer<typeof detailQuery>) => Promise<unknown>,
      detailResponse = response,
    ) =>
      route({
        method: "GET",
        summary,
        query: detailQuery,
        response: detailResponse,
        handler: (ctx, { params, query }) => read(ctx, params[param], query),
      }),
    /** POST <record>/<below>: an action without a body, e.g. `deactivate/`. */
    action: (below: string, summary: string, act: IdCall, options: Pick<EndpointDef, "fencedResponse"> = {}) => ({
      ...byId("POST", below, summary, act),
      ...options,
    }),
    /** POST to the collection: the body is required, the new record is answered with 201. The operation's
     * description is the body schema's: the rules a new record must meet. */
    create: <B>(
      summary: string,
      body: z.ZodType<B>,
      create: (ctx: Ctx, body: B) => Promise<unknown>,
      options: Pick<EndpointDef, "fencedResponse"> = {},
    ) =>
      defineEndpoint({
        method: "POST",
        path: collection,
        ...shared,
        summary,
        description: body.description,
        body,
        bodyRequired: true,
        status: 201,
        handler: (ctx, { body }) => create(ctx, body),
        ...options,
      }),
  };
}
