// Every API request authenticates, and a database round trip costs more than pricing a quote. While
// this process receives change notifications (server/changes.ts), API keys and their accounts' state
// (mode, test clock, catalog version) are kept in memory: another process's change drops the entry
// when it commits, and this process drops an account's entry itself after any change it makes for
// that account (`forgetAccount`), so a client sees its own writes on its next request.
import { performance } from "node:perf_hooks";
import { changesLive, onChange } from "@/server/changes";
import { config } from "@/server/config";
import { getPgPool } from "@/server/db";

export interface KeyRow {
  id: number;
  accountId: number;
  kind: string;
  hash: string;
  revoked: boolean;
}
export interface AccountState {
  mode: string;
  testClockAt: Date | null;
  catalogVersion: bigint;
  loadedAt: number;
}

/** a safety net for a lost notification: nothing is trusted longer than this */
const MAX_AGE_MS = 60_000;
const MAX_KEYS = 10_000;

const keys = new Map<string, KeyRow>();
const accounts = new Map<number, AccountState>();
// bumped by every invalidation: a read that raced one is not cached
let epoch = 0;
let subscribed = false;

function subscribe() {
  if (subscribed) return;
  subscribed = true;
  onChange((kind, id) => {
    epoch++;
    if (kind === "key") keys.delete(id);
    else if (kind === "account") accounts.delete(Number(id));
    else {
      keys.clear();
      accounts.clear();
    }
  });
}

/** Drops what is cached for an account (after this process changed it, its keys or its catalog). */
export function forgetAccount(accountId: number): void {
  epoch++;
  accounts.delete(accountId);
}

/** AUTH_CACHE=off reads the database on every request (tests that write rows directly use it). */
const enabled = () => config().AUTH_CACHE;

async function load(hash: string): Promise<{ key: KeyRow; account: AccountState } | null> {
  // a named statement: each pooled connection parses and plans it once
  const { rows } = await getPgPool().query<{
    id: number;
    account_id: number;
    kind: string;
    hash: string;
    revoked_at: Date | null;
    mode: string;
    test_clock_at: Date | null;
    catalog_version: string;
  }>({
    name: "authenticate_key",
    text: "select k.id, k.account_id, k.kind, k.hash, k.revoked_at, a.mode, a.test_clock_at, a.catalog_version::text from api_keys k join accounts a on a.id = k.account_id where k.hash = $1",
    values: [hash],
  });
  const row = rows[0];
  if (!row) return null;
  return {
    key: { id: row.id, accountId: row.account_id, kind: row.kind, hash: row.hash, revoked: !!row.revoked_at },
    account: {
      mode: row.mode,
      testClockAt: row.test_clock_at,
      catalogVersion: BigInt(row.catalog_version),
      loadedAt: performance.now(),
    },
  };
}

export type FoundKey = { key: KeyRow; account: AccountState } | null;

/** The key with this hash and its account's state: from memory (synchronously) when it can be trusted. */
export function lookupKey(hash: string): FoundKey | Promise<FoundKey> {
  const useCache = enabled() && (subscribe(), changesLive());
  if (useCache) {
    const key = keys.get(hash);
    const account = key && accounts.get(key.accountId);
    if (key && account && performance.now() - account.loadedAt < MAX_AGE_MS) return { key, account };
  }
  return loadAndRemember(hash, useCache);
}

async function loadAndRemember(hash: string, useCache: boolean): Promise<FoundKey> {
  const seen = epoch;
  const found = await load(hash);
  // unknown keys are not remembered: a key created a moment ago must work at once
  if (found && useCache && seen === epoch && changesLive()) {
    if (keys.size >= MAX_KEYS || accounts.size >= MAX_KEYS) {
      keys.clear();
      accounts.clear();
    }
    keys.set(hash, found.key);
    accounts.set(found.key.accountId, found.account);
  }
  return found;
}

/** Drops a key from memory at once (after this process revoked it; other processes learn it from the notification). */
export function forgetKey(hash: string): void {
  epoch++;
  keys.delete(hash);
}
