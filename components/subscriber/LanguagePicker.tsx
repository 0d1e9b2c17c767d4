"use client";
// The customer's language (issue 33): a labelled select on the portal and the subscriber page. The choice is
// stored on the customer (action set_language) and the page reloads in it; receipts and notices follow it.
import { useLocale, useTranslations } from "next-intl";
import { useId } from "react";
import { inputClass } from "@/components/ui/FormField";
import { LOCALE_NAMES, LOCALES } from "@/server/i18n/locales";
import { useSubscriberAction } from "./useSubscriberAction";

export function LanguagePicker() {
  const t = useTranslations("language");
  const locale = useLocale();
  const id = useId();
  const act = useSubscriberAction();
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="language-picker">
      <label htmlFor={id} className="font-medium">
        {t("label")}
      </label>
      <select
        id={id}
        value={locale}
        disabled={act.pending}
        className={`${inputClass} w-auto`}
        onChange={async (e) => {
          const chosen = e.target.value;
          if (await act.run({ action: "set_language", locale: chosen }, { refresh: false })) window.location.reload();
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
      {act.error ? (
        <p role="alert" className="text-red-800">
          {act.error}
        </p>
      ) : null}
    </div>
  );
}
