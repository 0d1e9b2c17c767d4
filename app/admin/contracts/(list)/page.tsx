import { ContractList } from "@/components/admin/contracts/ContractList";
import { PageHeader } from "@/components/admin/PageHeader";
import { consoleCtx } from "@/server/admin/loaders";
import { contractCurrencies } from "@/server/domain/consoleLists/contractCurrencies";

// The list's filters, search, sort and page live in the URL (back and reload keep the view); contracts.list pages on the server.
export default async function ContractsPage() {
  const currencies = await contractCurrencies(await consoleCtx());
  return (
    <>
      <PageHeader title="Contracts" description="Every subscription contract of the account." />
      <ContractList currencies={currencies} />
    </>
  );
}
