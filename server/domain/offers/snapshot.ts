// An in-memory snapshot of one account's sellable catalog (prices with pricing terms, active bundles
// and add-on rules), so pricing an offer costs one indexed read instead of dozens of relation queries.
// Staleness is detected through accounts.catalog_version, which database triggers bump on every catalog
// change (migration 20261122010306_catalog_version), whichever process or script made it.
import { getPgPool } from "@/server/db";
import { type AddonRuleRecord, addonRuleInclude } from "@/server/domain/bundles/addons";
import { type BundleDetailRecord, bundleDetailInclude } from "@/server/domain/bundles/present";
import type { Ctx } from "@/server/domain/context";
import { type PricingRecord, pricingInclude } from "./terms";

export interface CatalogSnapshot {
  version: bigint;
  prices: Map<number, PricingRecord>;
  /** active bundles only (inactive ones cannot be sold) */
  bundles: Map<number, BundleDetailRecord>;
  /** active add-on rules per source bundle */
  rules: Map<number, AddonRuleRecord[]>;
}

const MAX_ACCOUNTS = 200;
const cache = new Map<number, CatalogSnapshot>();
const loading = new Map<string, Promise<CatalogSnapshot>>();

/** The snapshot, synchronously when the caller's version is known and cached (the hot path of quotes). */
export function catalogSnapshot(ctx: Ctx): CatalogSnapshot | Promise<CatalogSnapshot> {
  return (ctx.catalogVersion !== undefined && cached(ctx.accountId, ctx.catalogVersion)) || loadSnapshot(ctx);
}

function cached(accountId: number, version: bigint): CatalogSnapshot | undefined {
  const hit = cache.get(accountId);
  return hit && hit.version === version ? hit : undefined;
}

async function loadSnapshot(ctx: Ctx): Promise<CatalogSnapshot> {
  const version = ctx.catalogVersion ?? (await readVersion(ctx.accountId));
  const hit = cached(ctx.accountId, version);
  if (hit) return hit;
  const key = `${ctx.accountId}:${version}`;
  let pending = loading.get(key);
  if (!pending) {
    // the version is read before the rows: a change in between only makes the snapshot newer than its label
    pending = load(ctx, version).finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  const snap = await pending;
  cache.delete(ctx.accountId);
  cache.set(ctx.accountId, snap);
  if (cache.size > MAX_ACCOUNTS) cache.delete(cache.keys().next().value!);
  return snap;
}

async function readVersion(accountId: number): Promise<bigint> {
  const { rows } = await getPgPool().query<{ v: string }>(
    "select catalog_version::text as v from accounts where id = $1",
    [accountId],
  );
  return BigInt(rows[0]?.v ?? 0);
}

async function load(ctx: Ctx, version: bigint): Promise<CatalogSnapshot> {
  const accountId = ctx.accountId;
  const [prices, bundles, rules] = await Promise.all([
    ctx.db.catalogPrice.findMany({ where: { accountId }, include: pricingInclude }),
    ctx.db.bundleTemplate.findMany({ where: { accountId, active: true }, include: bundleDetailInclude }),
    ctx.db.addonRule.findMany({
      where: { accountId, active: true },
      include: addonRuleInclude,
      orderBy: [{ displayOrder: "asc" }, { id: "asc" }],
    }),
  ]);
  const byBundle = new Map<number, AddonRuleRecord[]>();
  for (const r of rules) byBundle.set(r.bundleId, [...(byBundle.get(r.bundleId) ?? []), r]);
  return {
    version,
    prices: new Map(prices.map((p) => [p.id, p])),
    bundles: new Map(bundles.map((b) => [b.id, b])),
    rules: byBundle,
  };
}
