import { notFound } from "next/navigation";
import { CustomerDetail } from "@/components/admin/customers/CustomerDetail";
import { consoleCtx, orNotFound } from "@/server/admin/loaders";
import { findCustomerByKey } from "@/server/domain/customers/search";

// /admin/customers/<reference or id>: a missing customer, or another account's, answers HTTP 404.
export default async function CustomerPage({ params }: { params: Promise<{ key: string }> }) {
  const key = decodeURIComponent((await params).key);
  if (!key || key.length > 200) notFound();
  const customer = await orNotFound(findCustomerByKey(await consoleCtx(), key));
  return <CustomerDetail reference={customer.reference} />;
}
