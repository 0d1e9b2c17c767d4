// Contracts in the console: the paginated list and one contract's page data.

import { accountCtx } from "../../domain/accountContext";
import { contractForConsole } from "../../domain/console/contractDetail";
import { listContractsForConsole } from "../../domain/console/contractList";
import { contractListInput } from "../consoleInputs";
import { protectedProcedure, router } from "../init";
import { idOnly } from "../inputs";

export const contractsRouter = router({
  list: protectedProcedure
    .input(contractListInput)
    .query(async ({ ctx, input }) =>
      listContractsForConsole(await accountCtx(ctx.domain.db, ctx.domain.accountId), input),
    ),
  get: protectedProcedure
    .input(idOnly)
    .query(async ({ ctx, input }) =>
      contractForConsole(
        { ...(await accountCtx(ctx.domain.db, ctx.domain.accountId)), baseUrl: ctx.domain.baseUrl },
        input.id,
      ),
    ),
});
