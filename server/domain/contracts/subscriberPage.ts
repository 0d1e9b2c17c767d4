// Everything about a contract's subscriber page: its address (subscriber_page of the API) and the
// contract it shows, found by the page's unguessable token (no API key).

import { accountClock } from "@/server/clock";
import { config } from "@/server/config";
import type { Db, DbTx } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import { presentContract } from "./present";
import { contractInclude } from "./records";

/** Base of subscriber_page: the account's subscriber_url, else PUBLIC_URL, else this service's own origin. */
export async function subscriberUrl(ctx: Ctx, db: DbTx = ctx.db): Promise<string> {
  const account = await db.account.findUnique({ where: { id: ctx.accountId }, select: { subscriberUrl: true } });
  return account?.subscriberUrl ?? config().PUBLIC_URL ?? ctx.baseUrl ?? "http://localhost:3000";
}

/** The page of the contract with `token`, under `baseUrl` (empty: a path on this service). */
export function subscriberPage(baseUrl: string, token: string) {
  return `${baseUrl.replace(/\/+$/, "")}/change_contract/${token}/`;
}

/** The subscriber page's view of a contract: the seller's name and the contract, or null for an unknown token. */
export async function contractForSubscriber(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const contract = await db.subscriptionContract.findUnique({
    where: { subscriberToken: token },
    include: { ...contractInclude, account: { select: { mode: true, testClockAt: true, name: true } } },
  });
  if (!contract) return null;
  const ctx = { db, accountId: contract.accountId, clock: accountClock(contract.account) };
  const view = presentContract(contract, await catalogSnapshot(ctx), ctx.clock.now(), "");
  return { seller: contract.account.name, contract: view };
}
