import { ContractDetail } from "@/components/admin/contracts/ContractDetail";
import { CONTRACT_TABS } from "@/components/admin/contracts/contractTabs";
import { tabOf } from "@/components/ui/tabs";
import { consoleCtx, idParam, orNotFound, pageParams } from "@/server/admin/loaders";
import { loadContractPage } from "@/server/domain/contractPage/sections";

type SearchParams = Record<string, string | string[] | undefined>;

// A missing contract, or another account's, answers HTTP 404 (the console's not-found page). The page shows one
// tab (?tab=runs; Overview without it) and renders only that panel. The long tables page on the server, each by
// its own parameter (?runs_page=2&events_page=3), so they page independently.
export default async function ContractPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const id = idParam((await params).id);
  const search = await searchParams;
  const pages = pageParams(search, { runs: "runs_page", credits: "credits_page", events: "events_page" });
  const data = await orNotFound(loadContractPage(await consoleCtx(), id, pages));
  return <ContractDetail data={data} tab={tabOf(search, CONTRACT_TABS)} />;
}
