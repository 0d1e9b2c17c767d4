// Console procedures on one record of the account: `{ id }` in, the domain call with that id.
import type { Ctx } from "@/server/domain/context";
import { protectedProcedure } from "./init";
import { idOnly } from "./inputs";

type IdCall<T> = (ctx: Ctx, id: number) => Promise<T>;

export const byIdQuery = <T>(call: IdCall<T>) =>
  protectedProcedure.input(idOnly).query(({ ctx, input }) => call(ctx.domain, input.id));

export const byIdMutation = <T>(call: IdCall<T>) =>
  protectedProcedure.input(idOnly).mutation(({ ctx, input }) => call(ctx.domain, input.id));
