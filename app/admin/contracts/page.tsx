import { PageHeader } from "@/components/admin/PageHeader";
import { ContractList } from "@/components/admin/contracts/ContractList";
import { consoleCtx } from "@/server/admin/loaders";
import { CONSOLE_PAGE_SIZE, consoleContractQuery, contractCurrencies, listContractsForConsole } from "@/server/domain/contractConsole/list";

// The list's state lives in the URL; the server reads it (back and reload keep the view).
export default async function ContractsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const query = consoleContractQuery.parse(raw);
  const ctx = await consoleCtx();
  const [{ results, count }, currencies] = await Promise.all([listContractsForConsole(ctx, query), contractCurrencies(ctx)]);
  return (
    <>
      <PageHeader title="Contracts" description="Every subscription contract of the account." />
      <ContractList results={results} count={count} pageSize={CONSOLE_PAGE_SIZE} currencies={currencies} />
    </>
  );
}
