// Reading a contract as the API shows it (used by every contract operation's response).
import type { DbTx } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import type { ContractOut } from "@/server/schemas/contracts";
import { presentContract } from "./present";
import { type ContractRecord, loadContract, runSummarySelect } from "./records";
import { subscriberUrl } from "./subscriberPage";

export async function viewContract(ctx: Ctx, db: DbTx, contract: ContractRecord): Promise<ContractOut> {
  // sequential: `db` may be a transaction, which runs one query at a time; the catalog is read through it
  // too, as a second pool connection per transaction deadlocks once concurrent transactions fill the pool
  const catalog = await catalogSnapshot({ ...ctx, db: db as Ctx["db"] });
  const initial = await db.billingRun.findFirst({
    where: { contractId: contract.id, kind: "initial" },
    orderBy: { id: "asc" },
    select: runSummarySelect,
  });
  const base = await subscriberUrl(ctx, db);
  return presentContract(contract, catalog, ctx.clock.now(), base, initial);
}

export async function viewContractById(ctx: Ctx, db: DbTx, id: number): Promise<ContractOut> {
  return viewContract(ctx, db, await loadContract(db, ctx.accountId, id));
}
