import { notFound } from "next/navigation";
import { subscriberContract } from "@/server/http/subscriber";

export const dynamic = "force-dynamic";

const fmt = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString("en-GB", { year: "numeric", month: "short", day: "numeric" }) : "—";

// The customer's self-service page for one contract (read-only for now; changes come with the subscriber-page issue).
export default async function SubscriberPage({ params }: { params: Promise<{ token: string }> }) {
  const data = await subscriberContract((await params).token);
  if (!data) notFound();
  const c = data.contract;
  return (
    <main className="mx-auto max-w-2xl space-y-6 p-8">
      <header>
        <p className="text-sm text-slate-500">{data.seller}</p>
        <h1 className="text-2xl font-semibold">Your subscription</h1>
      </header>
      <section className="rounded-xl bg-white p-6 shadow" data-testid="subscription-summary">
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <dt className="text-slate-500">Status</dt>
          <dd data-testid="state">
            {c.state}
            {c.cancel_at ? ` (ends ${fmt(c.cancel_at)})` : ""}
          </dd>
          <dt className="text-slate-500">Service</dt>
          <dd>{c.service_active ? "active" : c.service_state}</dd>
          <dt className="text-slate-500">Next billing</dt>
          <dd>{fmt(c.next_billing_at)}</dd>
          {c.paused_until && (
            <>
              <dt className="text-slate-500">Paused until</dt>
              <dd>{fmt(c.paused_until)}</dd>
            </>
          )}
        </dl>
      </section>
      <section className="rounded-xl bg-white p-6 shadow">
        <h2 className="mb-3 font-medium">What you get</h2>
        <ul className="divide-y divide-slate-100 text-sm">
          {c.items
            .filter((i) => i.status === "active")
            .map((i) => (
              <li key={i.id} className="flex justify-between py-2">
                <span>
                  {i.quantity} × {i.product_name}
                </span>
                <span className="font-mono">
                  {i.unit_amount} {c.currency}
                </span>
              </li>
            ))}
        </ul>
      </section>
    </main>
  );
}
