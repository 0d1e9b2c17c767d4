// Contracts in the console: the paginated list and one contract's page data.

import { listContractsForConsole } from "@/server/domain/consoleLists/contractList";
import { contractForConsole } from "@/server/domain/contractPage/detail";
import { contractListInput } from "@/server/trpc/consoleInputs";
import { byIdQuery } from "@/server/trpc/idProcedures";
import { replicaProcedure, router } from "@/server/trpc/init";

export const contractsRouter = router({
  list: replicaProcedure
    .input(contractListInput)
    .query(async ({ ctx, input }) => listContractsForConsole(ctx.domain, input)),
  get: byIdQuery(contractForConsole),
});
