// GET /v2/customer-entitlements/ (spec 4.5): what a customer may use at an instant, from contract state,
// pauses, item service periods and unpaid runs past the grace period; never from payment state alone.
import type { Ctx } from "@/server/domain/context";
import { contractInclude } from "@/server/domain/contracts/contractRows";
import { itemEntitledUntil, serviceStateAt } from "@/server/domain/contracts/serviceState";
import { invalid, notFound } from "@/server/domain/errors";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import { iso, isoN } from "@/server/domain/time";

export interface EntitlementQuery {
  customer_reference?: string;
  product_reference?: string;
  at?: string;
}

export async function customerEntitlements(ctx: Ctx, query: EntitlementQuery) {
  if (!query.customer_reference) throw invalid("customer_reference", "This field is required.");
  let at = ctx.clock.now();
  if (query.at !== undefined) {
    at = new Date(query.at);
    if (!/^\d{4}-\d{2}-\d{2}/.test(query.at) || Number.isNaN(at.getTime()))
      throw invalid("at", "Datetime has wrong format. Use ISO 8601.");
  }
  const customer = await ctx.db.customer.findUnique({
    where: { accountId_reference: { accountId: ctx.accountId, reference: query.customer_reference } },
  });
  if (!customer) throw notFound();
  let productId: number | undefined;
  if (query.product_reference !== undefined) {
    const product = await ctx.db.catalogProduct.findFirst({
      where: { accountId: ctx.accountId, reference: query.product_reference },
    });
    if (!product) throw notFound();
    productId = product.id;
  }
  const [contracts, catalog] = await Promise.all([
    ctx.db.subscriptionContract.findMany({
      where: { accountId: ctx.accountId, customerId: customer.id },
      include: contractInclude,
      orderBy: { id: "asc" },
    }),
    catalogSnapshot(ctx),
  ]);
  const byProduct = new Map<
    number,
    {
      product_id: number;
      product_reference: string | null;
      product_name: string;
      quantity: number;
      contract_ids: number[];
      contract_item_ids: number[];
      entitled_until: string | null;
    }
  >();
  for (const contract of contracts) {
    const state = serviceStateAt(contract, at);
    if (!state.active) continue;
    for (const item of contract.items) {
      if (!state.items.get(item.id) || (productId !== undefined && item.productId !== productId)) continue;
      const product = catalog.prices.get(item.priceId)?.product;
      const entitlement = byProduct.get(item.productId) ?? {
        product_id: item.productId,
        product_reference: product?.reference ?? null,
        product_name: product?.name ?? "",
        quantity: 0,
        contract_ids: [],
        contract_item_ids: [],
        entitled_until: null,
      };
      entitlement.quantity += item.quantity;
      if (!entitlement.contract_ids.includes(contract.id)) entitlement.contract_ids.push(contract.id);
      entitlement.contract_item_ids.push(item.id);
      const until = isoN(itemEntitledUntil(contract, item));
      if (until && (!entitlement.entitled_until || until > entitlement.entitled_until))
        entitlement.entitled_until = until;
      byProduct.set(item.productId, entitlement);
    }
  }
  const entitlements = [...byProduct.values()];
  return {
    customer_id: customer.id,
    customer_reference: customer.reference,
    product_reference: query.product_reference ?? null,
    at: iso(at),
    service_active: entitlements.length > 0,
    entitlements,
  };
}
