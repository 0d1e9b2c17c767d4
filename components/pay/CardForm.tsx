"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { CardOutcome, type CardPurpose } from "./CardOutcome";

async function encryptCard(publicKeyPem: string, card: object): Promise<string> {
  const der = Uint8Array.from(atob(publicKeyPem.replace(/-----[^-]+-----|\s/g, "")), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey("spki", der, { name: "RSA-OAEP", hash: "SHA-256" }, false, ["encrypt"]);
  const data = await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(JSON.stringify(card)));
  return btoa(String.fromCharCode(...new Uint8Array(data)));
}

/** `returnPath`: the subscriber page a card update came from (the outcome then leads back there). */
export function CardForm({
  token,
  renderMode,
  publicKey,
  returnPath = null,
  purpose = "checkout",
}: {
  token: string;
  renderMode: string;
  publicKey: string | null;
  returnPath?: string | null;
  purpose?: CardPurpose;
}) {
  const t = useTranslations("pay");
  const [state, setState] = useState<"idle" | "sending" | "verified" | "processing">("idle");
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // the button waits for the page's script: a submit before it would post the card nowhere (or, as a GET,
  // put it in the address)
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    setState("sending");
    const f = new FormData(e.currentTarget);
    const [mm, yy] = String(f.get("expiry") ?? "")
      .split("/")
      .map((x) => Number(x.trim()));
    const card = {
      number: String(f.get("number") ?? ""),
      exp_month: mm,
      exp_year: yy < 100 ? 2000 + yy : yy,
      cvc: String(f.get("cvc") ?? ""),
    };
    // vendor A: the card never leaves the browser unencrypted
    const body =
      renderMode === "vendor_a_encrypted_card" && publicKey
        ? { encrypted_card: await encryptCard(publicKey, card) }
        : { card };
    const res = await fetch(`/api/pay/registrations/${token}/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) {
      setState("idle");
      setError(Object.values(json).flat().join(" "));
      return;
    }
    setSaved(json.status);
    setState(json.status === "verified" ? "verified" : "processing");
  }

  if (saved)
    return (
      <CardOutcome
        token={token}
        initial={{ status: saved, checkout_status: purpose === "checkout" ? "pending" : null, fail_message: null }}
        returnPath={returnPath}
        purpose={purpose}
      />
    );
  return (
    <form method="post" onSubmit={submit} className="mt-4 space-y-3" data-testid="card-form">
      <label className="block text-sm">
        {t("cardNumber")}
        <input
          name="number"
          inputMode="numeric"
          autoComplete="cc-number"
          required
          className="mt-1 w-full rounded border px-3 py-2"
          placeholder="4242 4242 4242 4242"
        />
      </label>
      <div className="flex gap-3">
        <label className="block flex-1 text-sm">
          {t("expiry")}
          <input
            name="expiry"
            required
            autoComplete="cc-exp"
            inputMode="numeric"
            className="mt-1 w-full rounded border px-3 py-2"
            placeholder="12/30"
          />
        </label>
        <label className="block w-24 text-sm">
          {t("cvc")}
          <input
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            required
            className="mt-1 w-full rounded border px-3 py-2"
            placeholder="123"
          />
        </label>
      </div>
      {error && (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={!hydrated || state === "sending"}
        className="w-full rounded bg-slate-900 py-2 text-white disabled:opacity-50"
      >
        {state === "sending" ? t("saving") : t("saveCard")}
      </button>
      {/* leaving without a card: the outcome after saving has its own way back */}
      {returnPath ? (
        <a className="mt-4 inline-block text-sm text-blue-700 underline" href={returnPath}>
          {t("back")}
        </a>
      ) : null}
    </form>
  );
}
