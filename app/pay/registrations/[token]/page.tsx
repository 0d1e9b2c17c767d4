import { notFound } from "next/navigation";
import { CardForm } from "@/components/pay/CardForm";
import { CardOutcome } from "@/components/pay/CardOutcome";
import { formatMoney } from "@/components/ui/money";
import { hostedRegistration } from "@/server/http/pages";

export const dynamic = "force-dynamic";

// The hosted card form of the sandbox processors: public, reached by the registration's hosted_url.
export default async function RegistrationPage({ params }: { params: Promise<{ token: string }> }) {
  const r = await hostedRegistration((await params).token);
  if (!r) notFound();
  return (
    <main className="mx-auto max-w-md p-8">
      <div className="rounded-xl bg-white p-6 shadow">
        <h1 className="text-xl font-semibold">
          {r.returnPath
            ? "Update your card"
            : r.purpose === "request"
              ? `Add a card for ${r.sellerName}`
              : "Add a card"}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {r.processorName} ·{" "}
          {r.purpose !== "checkout"
            ? "nothing is charged now; the card is checked with your bank before it is saved"
            : `first charge ${formatMoney(r.total, r.currency)}`}
        </p>
        {r.expired ? (
          <p className="mt-4 text-red-700">This link has expired.</p>
        ) : r.status !== "pending" ? (
          <CardOutcome
            token={r.token}
            initial={{ status: r.status, checkout_status: r.checkoutStatus, fail_message: r.failMessage }}
            returnPath={r.returnPath}
            purpose={r.purpose}
          />
        ) : (
          <CardForm
            token={r.token}
            renderMode={r.renderMode}
            publicKey={r.publicKey}
            returnPath={r.returnPath}
            purpose={r.purpose}
          />
        )}
      </div>
      <p className="mt-4 text-center text-xs text-slate-500">
        Sandbox: use 4242 4242 4242 4242, any future expiry, any CVC.
      </p>
    </main>
  );
}
