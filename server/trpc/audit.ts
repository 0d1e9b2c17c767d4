// Console side of the audit trail: what a tRPC mutation records (procedure path, input and result
// ids, the signed-in user); failures to record are logged, never turned into a failed mutation.
import { recordAudit } from "@/server/domain/audit/audit";
import { idsOf } from "@/server/domain/audit/ids";
import type { Ctx } from "@/server/domain/context";
import type { ConsoleUser } from "@/server/domain/users/roles";

export async function auditMutation(
  ctx: Ctx,
  user: ConsoleUser,
  path: string,
  rawInput: unknown,
  result: unknown,
): Promise<void> {
  const input = idsOf(rawInput);
  const output = idsOf(result);
  // "catalog.prices.scheduleVersion" → target "prices"; the record named by the input, else the one returned
  const segments = path.split(".");
  const named = input.id ?? Object.entries(input).find(([k]) => k.endsWith("_id"))?.[1] ?? null;
  try {
    await recordAudit(ctx, {
      actor: { type: "user", id: user.id, label: user.email },
      action: `trpc ${path}`,
      target: { type: segments.length > 1 ? segments[segments.length - 2] : path, id: named ?? output.id ?? null },
      beforeId: named,
      afterId: output.id ?? null,
      details: { input_ids: input, result_ids: output },
    });
  } catch (e) {
    ctx.log?.error({ err: e, path }, "audit record failed");
  }
}
