// The address of a contract's subscriber page (subscriber_page of the API). What the page shows is
// domain/selfService/page.ts; this file stays below contractResponse.ts, which writes the address into every contract.

import { config } from "@/server/config";
import type { DbTx } from "@/server/db";
import type { Ctx } from "@/server/domain/context";

/** Base of subscriber_page: the account's subscriber_url, else PUBLIC_URL, else this service's own origin. */
export async function subscriberUrl(ctx: Ctx, db: DbTx = ctx.db): Promise<string> {
  const account = await db.account.findUnique({ where: { id: ctx.accountId }, select: { subscriberUrl: true } });
  return account?.subscriberUrl ?? config().PUBLIC_URL ?? ctx.baseUrl ?? "http://localhost:3000";
}

/** The page of the contract with `token`, under `baseUrl` (empty: a path on this service). */
export function subscriberPage(baseUrl: string, token: string) {
  return `${baseUrl.replace(/\/+$/, "")}/change_contract/${token}/`;
}
