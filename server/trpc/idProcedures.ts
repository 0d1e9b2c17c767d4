// Console procedures on one record of the account: `{ id }` in, the domain call with that id; a page of a
// record's long history (`{ id, page }`) as a detail page's table reads it.
import type { Ctx } from "@/server/domain/context";
import { type PageRequest, tablePage } from "@/server/domain/list";
import { positiveInt } from "@/server/schemas/common";
import { protectedProcedure } from "./init";
import { idOnly } from "./inputs";

type IdCall<T> = (ctx: Ctx, id: number) => Promise<T>;

export const byIdQuery = <T>(call: IdCall<T>) =>
  protectedProcedure.input(idOnly).query(({ ctx, input }) => call(ctx.domain, input.id));

export const byIdMutation = <T>(call: IdCall<T>) =>
  protectedProcedure.input(idOnly).mutation(({ ctx, input }) => call(ctx.domain, input.id));

/** The page a detail page's table asks for (1-based; its own URL parameter), served by `tablePage`. */
export const tablePageNumber = positiveInt.max(1_000_000).default(1);

const idPage = idOnly.extend({ page: tablePageNumber });

/** One page (of the table size, newest first, with the total) of what belongs to the record. */
export const byIdPageQuery = <T>(call: (ctx: Ctx, id: number, page: PageRequest) => Promise<T>) =>
  protectedProcedure.input(idPage).query(({ ctx, input }) => call(ctx.domain, input.id, tablePage(input.page)));
