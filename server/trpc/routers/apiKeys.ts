// API keys of the account (prefixes only: the full key is shown once, at creation).
import { z } from "zod";
import { createAccountApiKey, revokeApiKey } from "@/server/domain/auth/apiKeyAdmin";
import { listApiKeys } from "@/server/domain/auth/apiKeys";
import { byIdMutation } from "@/server/trpc/idProcedures";
import { protectedProcedure, router } from "@/server/trpc/init";

export const apiKeysRouter = router({
  list: protectedProcedure.query(({ ctx }) => listApiKeys(ctx.domain)),
  // shapes only: the domain names the field that is wrong
  create: protectedProcedure
    .input(z.object({ kind: z.string().max(20), name: z.string().max(1000).nullable().optional() }))
    .mutation(({ ctx, input }) => createAccountApiKey(ctx.domain, input)),
  revoke: byIdMutation(revokeApiKey),
});
