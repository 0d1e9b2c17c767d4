import Link from "next/link";
import { QuoteBuilder } from "@/components/admin/quote/QuoteBuilder";
import { PageHeader } from "@/components/ui/PageHeader";

// The quote builder: a new contract priced live by the quote function. ?customer=<reference> preselects.
export default async function NewContractPage({
  searchParams,
}: {
  searchParams: Promise<{ customer?: string | string[] }>;
}) {
  const c = (await searchParams).customer;
  return (
    <>
      <Link href="/admin/contracts" className="text-sm text-blue-800 hover:underline">
        ← All contracts
      </Link>
      <PageHeader
        title="New contract"
        description="Pick a customer and what they subscribe to; the quote updates as you edit."
      />
      <QuoteBuilder initialCustomer={typeof c === "string" ? c.slice(0, 200) : undefined} />
    </>
  );
}
