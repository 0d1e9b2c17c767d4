"use client";
// One customer: header (reference, copy, edit), summary and metadata, then one of four tabs (?tab=): Overview
// (contracts, payment methods), Runs (billing runs), Credit notes or Activity (the timeline of the customer's
// contracts and runs). Only the chosen tab's tables are rendered, so only they load.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { CreditNotesTable } from "@/components/admin/creditNotes/CreditNotesTable";
import { useTRPC } from "@/components/trpc/client";
import { buttonClass } from "@/components/ui/buttonClass";
import { Card } from "@/components/ui/Card";
import { DateTime } from "@/components/ui/DateTime";
import { ErrorState } from "@/components/ui/ErrorState";
import { PageHeader } from "@/components/ui/PageHeader";
import { SummaryStrip } from "@/components/ui/SummaryStrip";
import { TableSkeleton } from "@/components/ui/TableSkeleton";
import { Tabs } from "@/components/ui/Tabs";
import { CustomerActivity } from "./CustomerActivity";
import { CustomerContracts, CustomerRuns } from "./CustomerRecords";
import { CUSTOMER_TABS, type CustomerTab } from "./customerTabs";
import { EditCustomerDialog } from "./EditCustomerDialog";
import { PaymentMethods } from "./PaymentMethods";
import { PersonalDataActions } from "./PersonalDataActions";
import { RequestCard } from "./RequestCard";

export function CustomerDetail({ reference, tab = "overview" }: { reference: string; tab?: CustomerTab }) {
  const trpc = useTRPC();
  const customer = useQuery(trpc.customers.get.queryOptions({ key: reference }));
  const back = (
    <Link href="/admin/customers" className="text-sm text-blue-800 hover:underline">
      ← All customers
    </Link>
  );
  if (customer.isPending)
    return (
      <>
        {back}
        <TableSkeleton label="Loading customer" />
      </>
    );
  if (customer.isError)
    return (
      <>
        {back}
        <ErrorState error={customer.error} onRetry={() => customer.refetch()} />
      </>
    );
  const c = customer.data;
  const meta = Object.entries(c.metadata);
  return (
    <>
      {back}
      <PageHeader
        title={c.name ?? c.reference}
        id={c.reference}
        idLabel="customer reference"
        description={c.email ?? "No email"}
        actions={
          <>
            <Link
              href={`/admin/contracts/new?customer=${encodeURIComponent(c.reference)}`}
              className={buttonClass("primary")}
            >
              New contract
            </Link>
            <EditCustomerDialog customer={c} />
            <PersonalDataActions reference={c.reference} />
          </>
        }
      />
      <SummaryStrip
        items={[
          { label: "Name", value: c.name ?? "—", testId: "customer-name" },
          { label: "Email", value: c.email ?? "—", testId: "customer-email" },
          { label: "Customer id", value: String(c.id) },
          { label: "Created", value: <DateTime value={c.created_at} /> },
        ]}
      />
      {meta.length ? (
        <Card title="Metadata" testId="customer-metadata">
          <dl className="grid gap-x-8 gap-y-1 text-sm sm:grid-cols-3">
            {meta.map(([k, v]) => (
              <div key={k}>
                <dt className="font-mono text-xs text-slate-700">{k}</dt>
                <dd className="break-all">{typeof v === "string" ? v : JSON.stringify(v)}</dd>
              </div>
            ))}
          </dl>
        </Card>
      ) : null}
      <Tabs label="Customer sections" tabs={CUSTOMER_TABS} selected={tab}>
        {tab === "runs" ? (
          <Card title="Billing runs">
            <CustomerRuns reference={c.reference} />
          </Card>
        ) : tab === "credit" ? (
          <Card title="Credit notes" testId="customer-credit-notes">
            <CreditNotesTable
              filter={{ customer_id: c.id }}
              empty="No credit notes: refunds and credits of this customer's runs are listed here."
            />
          </Card>
        ) : tab === "activity" ? (
          <CustomerActivity reference={c.reference} />
        ) : (
          <>
            <Card title="Contracts">
              <CustomerContracts reference={c.reference} />
            </Card>
            <Card title="Payment methods" actions={<RequestCard reference={c.reference} />}>
              <PaymentMethods reference={c.reference} />
            </Card>
          </>
        )}
      </Tabs>
    </>
  );
}
