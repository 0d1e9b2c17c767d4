"use client";
// What a proposed price version would do to the contracts on the price (catalog.prices.simulateVersion,
// the domain function behind POST /v2/catalog/prices/{id}/versions/simulate/): counts, MRR, the next 12
// months, the spread of changes and the affected contracts. Shown before the seller confirms the version.
import Link from "next/link";
import type { RouterOutputs } from "@/components/trpc/types";
import { type ColumnDef, DataTable } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";
import { Money } from "@/components/ui/Money";

type Simulation = RouterOutputs["catalog"]["prices"]["simulateVersion"];

export function PriceSimulation({ simulation }: { simulation: Simulation }) {
  const m = (amount: string) => <Money amount={amount} currency={simulation.currency} />;
  const columns: ColumnDef<Simulation["contracts"][number]>[] = [
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
    { id: "old", header: "Old renewal", meta: { align: "right" }, cell: ({ row }) => m(row.original.old_amount) },
    { id: "new", header: "New renewal", meta: { align: "right" }, cell: ({ row }) => m(row.original.new_amount) },
    {
      id: "year",
      header: "Next 12 months",
      meta: { align: "right" },
      cell: ({ row }) => m(row.original.next_12_months_change),
    },
  ];
  const spread = simulation.distribution.filter((b) => b.contracts > 0);
  return (
    <div className="space-y-4" data-testid="price-simulation">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt>Contracts on this price</dt>
        <dd className="text-right" data-testid="simulation-on-price">
          {simulation.contracts_on_price}
        </dd>
        <dt>Contracts whose bills change</dt>
        <dd className="text-right" data-testid="simulation-affected">
          {simulation.affected_contracts}
        </dd>
        <dt>Unit amount</dt>
        <dd className="text-right">
          {m(simulation.current_unit_amount)} → {m(simulation.unit_amount)}
        </dd>
        <dt>MRR change (from the effective date)</dt>
        <dd className="text-right" data-testid="simulation-mrr">
          {m(simulation.mrr.change)}
        </dd>
        <dt>Billed in the next 12 months</dt>
        <dd className="text-right" data-testid="simulation-year">
          {m(simulation.next_12_months.change)}
        </dd>
      </dl>
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
