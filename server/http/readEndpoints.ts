// The shape most collection GET routes take (spec 4): the query's filters and its page go to the domain's
// list function, the answer is a plain array, or a page with links when page_size is given. (A record by
// its id in the path: recordEndpoints.ts.)
import type { z } from "zod";
import type { Ctx } from "@/server/domain/context";
import { type ListResult, type PageRequest, parsePage } from "@/server/domain/list";

/** The page parameters of a list query (schemas/common.ts pageQuery, already parsed). */
export type PageQuery = { page_size?: number; page?: number | "last" };

import { listOf } from "@/server/schemas/common";
import { defineEndpoint, type EndpointDef } from "./endpoint";
import { listBody } from "./pagination";

type Described = Pick<EndpointDef, "path" | "summary" | "tags" | "extension" | "description">;

export function listEndpoint<Q extends PageQuery, T>({
  query,
  item,
  list,
  ...described
}: Described & {
  query: z.ZodType<Q>;
  item: z.ZodType;
  list: (ctx: Ctx, input: Q & { page: PageRequest | undefined }) => Promise<ListResult<T>>;
}) {
  return defineEndpoint({
    method: "GET",
    replica: true,
    ...described,
    query,
    response: listOf(item),
    handler: async (ctx, { query, url }) => listBody(await list(ctx, { ...query, page: parsePage(query) }), url),
  });
}
