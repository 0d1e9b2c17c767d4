// Loading records in console server components (pages), with the HTTP status a browser should see.
//
// The pattern for every detail page: the domain throws DomainError("not_found") for a missing id AND
// for another account's id (every query is scoped by account); the page turns that into Next's
// notFound(), which answers HTTP 404 with app/admin/not-found.tsx inside the console layout.
//
//   export default async function ContractPage({ params }: { params: Promise<{ id: string }> }) {
//     const id = idParam((await params).id);                      // "abc" / "0" / huge → 404
//     const ctx = await consoleCtx();
//     const contract = await orNotFound(getContract(ctx, id));    // missing or not ours → 404
//     return <ContractDetail contract={contract} />;
//   }
//
// Keep the check in the page itself, not behind a loading.tsx of the same segment: once a Suspense
// fallback has streamed, the status line (200) is already sent and notFound() can no longer make it 404.
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { currentSession } from "@/server/auth/session";
import { getDb } from "@/server/db";
import { accountCtx } from "@/server/domain/accountContext";
import type { Ctx } from "@/server/domain/context";
import { isDomainError } from "@/server/domain/errors";
import { publicOrigin } from "@/server/publicUrl";

/** The awaited value, or the console's 404 when the domain says the record does not exist (for us). */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (e) {
    if (isDomainError(e) && e.kind === "not_found") notFound();
    throw e;
  }
}

/** A route id: a positive integer of at most 9 digits (the ids' column range), else 404. */
export function idParam(raw: string): number {
  if (!/^[1-9]\d{0,8}$/.test(raw)) notFound();
  return Number(raw);
}

/**
 * The page number of each of a page's tables from its own query parameter (`{ runs: "runs_page" }` →
 * `{ runs: 2 }` for ?runs_page=2); anything but a positive integer is the first page.
 */
export function pageParams<K extends string>(
  search: Record<string, string | string[] | undefined>,
  names: Record<K, string>,
): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const [key, name] of Object.entries(names) as [K, string][]) {
    const raw = search[name];
    const value = typeof raw === "string" && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
    out[key] = value;
  }
  return out;
}

/**
 * The domain context of the signed-in seller, on the account's clock (test mode); no session → /login.
 * Absolute links it builds (a contract's subscriber_page) use the same origin as the API's: the configured
 * public URL, else the one this page was requested on.
 */
export async function consoleCtx(): Promise<Ctx> {
  const session = await currentSession();
  if (!session) redirect("/login");
  const ctx = await accountCtx(getDb(), session.accountId);
  const requested = await headers();
  return {
    ...ctx,
    baseUrl: publicOrigin({ url: "http://localhost/", headers: requested }),
  };
}
