// The console router of a catalog record kind edited through one input schema (tax rates, shipping options,
// billing schedules): `list` a page, `create` from the whole schema, `update` by id from any part of it.
import type { z } from "zod";
import type { Ctx } from "@/server/domain/context";
import { type CatalogListInput, catalogListInput, withId } from "@/server/schemas/catalogAdmin";
import { protectedProcedure, router } from "./init";

interface CatalogCalls<Input, Listed, Created, Updated> {
  list: (ctx: Ctx, input: CatalogListInput) => Promise<Listed>;
  create: (ctx: Ctx, input: Input) => Promise<Created>;
  update: (ctx: Ctx, id: number, input: Partial<Input>) => Promise<Updated>;
}

export function catalogRecordRouter<Shape extends z.ZodRawShape, Listed, Created, Updated>(
  schema: z.ZodObject<Shape>,
  calls: CatalogCalls<z.output<z.ZodObject<Shape>>, Listed, Created, Updated>,
) {
  type Input = z.output<z.ZodObject<Shape>>;
  return router({
    list: protectedProcedure.input(catalogListInput).query(({ ctx, input }) => calls.list(ctx.domain, input)),
    // NOTE: the assertions only name what tRPC already parsed: for a generic schema tRPC 11 types the parsed
    // input as `Input extends UnsetMarker ? undefined : Input`, which TypeScript cannot resolve inside a generic.
    create: protectedProcedure.input(schema).mutation(({ ctx, input }) => calls.create(ctx.domain, input as Input)),
    update: protectedProcedure.input(withId(schema)).mutation(({ ctx, input }) => {
      const patch = input as Partial<Input> & { id: number };
      return calls.update(ctx.domain, patch.id, patch);
    }),
  });
}
