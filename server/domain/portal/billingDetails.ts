// The customer's billing details, edited in the portal (issue 33, item 3): name, e-mail, billing address and a
// tax ID checked for its shape (lib/taxId.ts). Each edit updates the customer and adds a dated version, so
// receipts issued from then on print them and earlier receipts keep what they printed.
import { checkTaxId } from "@/lib/taxId";
import type { Ctx } from "@/server/domain/context";
import { invalid, notFound } from "@/server/domain/errors";
import type { BillingDetailsInput } from "@/server/schemas/portal";

export async function updateBillingDetails(ctx: Ctx, customerId: number, input: BillingDetailsInput) {
  let taxId: string | null = null;
  if (input.tax_id?.trim()) {
    const checked = checkTaxId(input.tax_id);
    if (!checked.ok) throw invalid("tax_id", checked.message);
    taxId = checked.value;
  }
  const address = input.address ? { ...input.address, country: input.address.country.toUpperCase() } : null;
  const now = ctx.clock.now();
  const updated = await ctx.db.$transaction(async (tx) => {
    const found = await tx.customer.updateMany({
      where: { id: customerId, accountId: ctx.accountId },
      data: { name: input.name, email: input.email, billingAddress: address ?? undefined, taxId },
    });
    if (found.count !== 1) throw notFound();
    if (!address) await tx.customer.update({ where: { id: customerId }, data: { billingAddress: { set: null } } });
    await tx.customerBillingDetails.create({
      data: { customerId, at: now, name: input.name, email: input.email, address: address ?? undefined, taxId },
    });
    return tx.customer.findUniqueOrThrow({ where: { id: customerId } });
  });
  return {
    customer_id: updated.id,
    name: updated.name,
    email: updated.email,
    billing_address: updated.billingAddress,
    tax_id: updated.taxId,
  };
}
