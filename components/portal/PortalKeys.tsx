"use client";
// The portal's client pieces: the subscriber page's components (Pay now, Update card…) posting to the portal's
// cookie-authorised routes instead of a contract token's, and the portal's own card removal.
import { useTranslations } from "next-intl";
import { PageKeysContext, useSubscriberAction } from "@/components/subscriber/useSubscriberAction";
import { Button } from "@/components/ui/Button";

/** Subscriber-page components inside send their actions for `contractId` through the portal. */
export function ContractKeys({
  contractId,
  csrf,
  children,
}: {
  contractId: number;
  csrf: string;
  children: React.ReactNode;
}) {
  return (
    <PageKeysContext.Provider value={{ token: "", csrf, endpoint: `/portal/api/contracts/${contractId}/` }}>
      {children}
    </PageKeysContext.Provider>
  );
}

export function RemoveCard({ id, label }: { id: number; label: string }) {
  const t = useTranslations("portal");
  const act = useSubscriberAction();
  return (
    <div>
      <Button
        size="sm"
        variant="secondary"
        disabled={act.pending}
        onClick={() => act.run({ action: "remove_card", payment_method: id })}
      >
        {t("remove")}
        <span className="sr-only"> {label}</span>
      </Button>
      {act.error ? (
        <p role="alert" className="text-sm text-red-800">
          {act.error}
        </p>
      ) : null}
    </div>
  );
}

/** Makes a card the one every later charge goes to (the portal's make_default_card). */
export function MakeDefaultCard({ id, label }: { id: number; label: string }) {
  const t = useTranslations("portal");
  const act = useSubscriberAction();
  return (
    <div>
      <Button
        size="sm"
        variant="secondary"
        disabled={act.pending}
        onClick={() => act.run({ action: "make_default_card", payment_method: id })}
      >
        {t("makeDefault")}
        <span className="sr-only"> {label}</span>
      </Button>
      {act.error ? (
        <p role="alert" className="text-sm text-red-800">
          {act.error}
        </p>
      ) : null}
    </div>
  );
}
