import { ContractDetail } from "@/components/admin/contracts/ContractDetail";
import { consoleCtx, idParam, orNotFound } from "@/server/admin/loaders";
import { loadContractPage } from "@/server/domain/contractPage/sections";

// A missing contract, or another account's, answers HTTP 404 (the console's not-found page).
export default async function ContractPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idParam((await params).id);
  const data = await orNotFound(loadContractPage(await consoleCtx(), id));
  return <ContractDetail data={data} />;
}
