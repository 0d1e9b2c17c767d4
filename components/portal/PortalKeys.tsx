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

/** A card's own action in the portal: a button (its card named for screen readers) and the refusal, if any. */
function CardAction({
  action,
  id,
  label,
  text,
}: {
  action: "remove_card" | "make_default_card";
  id: number;
  label: string;
  text: string;
}) {
  const act = useSubscriberAction();
  return (
    <div>
      <Button
        size="sm"
        variant="secondary"
        disabled={act.pending}
        onClick={() => act.run({ action, payment_method: id })}
      >
        {text}
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

/** Removes a card no live contract needs. */
export function RemoveCard({ id, label }: { id: number; label: string }) {
  const t = useTranslations("portal");
  return <CardAction action="remove_card" id={id} label={label} text={t("remove")} />;
}

/** Makes a card the one every later charge goes to. */
export function MakeDefaultCard({ id, label }: { id: number; label: string }) {
  const t = useTranslations("portal");
  return <CardAction action="make_default_card" id={id} label={label} text={t("makeDefault")} />;
}
