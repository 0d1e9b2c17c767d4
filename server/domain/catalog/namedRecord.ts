// The fields a new catalog record starts with when it has a name (products, bundle templates): the
// account, the name, an optional description and reference (blank = none), active unless said otherwise.
import type { Ctx } from "@/server/domain/context";

export const namedRecordData = (
  ctx: Ctx,
  input: { name: string; description?: string | null; reference?: string | null; active?: boolean },
) => ({
  accountId: ctx.accountId,
  name: input.name,
  description: input.description ?? null,
  reference: input.reference || null,
  active: input.active ?? true,
});
