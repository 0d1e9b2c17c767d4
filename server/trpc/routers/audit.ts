// The account's audit trail for the console (every role may read it).
import { z } from "zod";
import { ACTOR_TYPES, listAuditLog } from "@/server/domain/audit/audit";
import { replicaProcedure, router } from "@/server/trpc/init";

export const AUDIT_PAGE_SIZE = 25;

export const auditRouter = router({
  list: replicaProcedure
    .input(
      z
        .object({
          page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
          actor_type: z.enum(ACTOR_TYPES).nullish().catch(null),
          action: z.string().trim().max(200).nullish().catch(null),
        })
        .default({ page: 1 }),
    )
    .query(({ ctx, input }) =>
      listAuditLog(ctx.domain, {
        page: { size: AUDIT_PAGE_SIZE, number: input.page },
        filters: { actorType: input.actor_type, action: input.action },
      }),
    ),
});
