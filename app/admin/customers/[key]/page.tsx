import { notFound } from "next/navigation";
import { CustomerDetail } from "@/components/admin/customers/CustomerDetail";
import { CUSTOMER_TABS } from "@/components/admin/customers/customerTabs";
import { tabOf } from "@/components/ui/tabs";
import { consoleCtx, orNotFound } from "@/server/admin/loaders";
import { findCustomerByKey } from "@/server/domain/customers/search";

type SearchParams = Record<string, string | string[] | undefined>;

// /admin/customers/<reference or id>: a missing customer, or another account's, answers HTTP 404. One tab
// (?tab=runs; Overview without it) is shown, and only its panel's tables load.
export default async function CustomerPage({
  params,
  searchParams,
}: {
  params: Promise<{ key: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const key = decodeURIComponent((await params).key);
  if (!key || key.length > 200) notFound();
  const customer = await orNotFound(findCustomerByKey(await consoleCtx(), key));
  return <CustomerDetail reference={customer.reference} tab={tabOf(await searchParams, CUSTOMER_TABS)} />;
}
