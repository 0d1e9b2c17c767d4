// API keys of the account (prefixes only: the full key is shown once, at creation).
import { listApiKeys } from "../../domain/auth/apiKeys";
import { protectedProcedure, router } from "../init";

export const apiKeysRouter = router({
  list: protectedProcedure.query(({ ctx }) => listApiKeys(ctx.domain)),
});
