"use client";
// What a proposed price version would do to the contracts on the price (catalog.prices.simulateVersion,
// the domain function behind POST /v2/catalog/prices/{id}/versions/simulate/): counts, MRR, the next 12
// months, the spread of changes and the affected contracts. Shown before the seller confirms the version.
import Link from "next/link";
import type { RouterOutputs } from "@/components/trpc/types";
import { type ColumnDef, DataTable } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";
import { Money } from "@/components/ui/Money";
import { TermList } from "@/components/ui/TermList";

type Simulation = RouterOutputs["catalog"]["prices"]["simulateVersion"];
type Affected = Simulation["contracts"][number];

export function PriceSimulation({ simulation }: { simulation: Simulation }) {
  const m = (amount: string) => <Money amount={amount} currency={simulation.currency} />;
  // an amount of the affected contract, right-aligned
  const amountColumn = (id: string, header: string, amount: (contract: Affected) => string): ColumnDef<Affected> => ({
    id,
    header,
    meta: { align: "right" },
    cell: ({ row }) => m(amount(row.original)),
  });
  const columns: ColumnDef<Affected>[] = [
    {
      id: "contract",
      header: "Contract",
      cell: ({ row }) => (
        <Link className="text-blue-800 underline" href={`/admin/contracts/${row.original.contract_id}`}>
          Contract {row.original.contract_id}
        </Link>
      ),
    },
    { id: "customer", header: "Customer", cell: ({ row }) => row.original.customer_reference ?? "—" },
    {
      id: "first",
      header: "First pays new amount",
      cell: ({ row }) => <DateTime value={row.original.first_new_amount_at} dateOnly />,
    },
    amountColumn("old", "Old renewal", (contract) => contract.old_amount),
    amountColumn("new", "New renewal", (contract) => contract.new_amount),
    amountColumn("year", "Next 12 months", (contract) => contract.next_12_months_change),
  ];
  const spread = simulation.distribution.filter((b) => b.contracts > 0);
  return (
    <div className="space-y-4" data-testid="price-simulation">
      <TermList
        className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm"
        terms={[
          { term: "Contracts on this price", value: simulation.contracts_on_price, testId: "simulation-on-price" },
          { term: "Contracts whose bills change", value: simulation.affected_contracts, testId: "simulation-affected" },
          {
            term: "Unit amount",
            value: (
              <>
                {m(simulation.current_unit_amount)} → {m(simulation.unit_amount)}
              </>
            ),
          },
          { term: "MRR change (from the effective date)", value: m(simulation.mrr.change), testId: "simulation-mrr" },
          {
            term: "Billed in the next 12 months",
            value: m(simulation.next_12_months.change),
            testId: "simulation-year",
          },
        ]}
      />
      {spread.length ? (
        <div>
          <h3 className="text-sm font-medium text-slate-900">Change of each contract&apos;s next bill</h3>
          <ul className="mt-1 text-sm" data-testid="simulation-distribution">
            {spread.map((b) => (
              <li key={b.label}>
                {b.label}: {b.contracts} {b.contracts === 1 ? "contract" : "contracts"}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <DataTable
        label="Affected contracts"
        columns={columns}
        data={simulation.contracts}
        empty={{ message: "No contract's bills change within 24 months." }}
        testId="simulation-contracts"
      />
      {simulation.affected_contracts > simulation.contracts.length ? (
        <p className="text-xs text-slate-700">The {simulation.contracts.length} largest changes are listed.</p>
      ) : null}
    </div>
  );
}
