// The four facts a seller looks for first on a detail page, in a row under the header.
//
//   <SummaryStrip items={[
//     { label: "Customer", value: <Link href={`/admin/customers/${c.id}`}>{c.name}</Link> },
//     { label: "Next charge", value: <><DateTime value={next.at} dateOnly /> · <Money amount={next.amount} currency="EUR" /></> },
//     { label: "Current period", value: "1 Apr – 30 Apr 2028" },
//     { label: "Service", value: <StatusChip status="active" /> },
//   ]} />
export function SummaryStrip({
  items,
  testId = "summary-strip",
}: {
  items: { label: string; value: React.ReactNode; testId?: string }[];
  testId?: string;
}) {
  return (
    <dl
      data-testid={testId}
      className="grid gap-px overflow-hidden rounded-lg border border-slate-200 bg-slate-200 grid-cols-2 lg:grid-cols-4"
    >
      {items.map((it) => (
        <div key={it.label} className="min-w-0 break-words bg-white px-3 py-2 sm:px-4 sm:py-3" data-testid={it.testId}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-700">{it.label}</dt>
          <dd className="mt-1 text-sm font-medium text-slate-900">{it.value}</dd>
        </div>
      ))}
    </dl>
  );
}
