"use client";
// Posts one subscriber-page action to /api/subscriber/<token>/ with the page's CSRF token; after a
// change the page's server data is reloaded (router.refresh). Errors come back as readable messages.
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { createContext, useContext, useState } from "react";

export interface PageKeys {
  token: string;
  csrf: string;
  /** where actions go instead of /api/subscriber/<token>/ (the customer portal's cookie-authorised route) */
  endpoint?: string;
}
export const PageKeysContext = createContext<PageKeys>({ token: "", csrf: "" });

function messageOf(body: unknown, fallback: string): string {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b.detail === "string") return b.detail;
  const first = Object.values(b).find((v) => Array.isArray(v)) as string[] | undefined;
  return first?.[0] ?? fallback;
}

export interface RunOptions {
  /** reload the page's server data after success (default true) */
  refresh?: boolean;
  /** an error the caller shows itself (true: handled, the hook keeps no message of it) */
  onError?: (body: Record<string, unknown>, status: number) => boolean;
}

export function useSubscriberAction<T = unknown>() {
  const keys = useContext(PageKeysContext);
  const router = useRouter();
  const t = useTranslations("ui");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(body: Record<string, unknown>, opts: RunOptions = {}): Promise<T | null> {
    setPending(true);
    setError(null);
    try {
      const res = await fetch(keys.endpoint ?? `/api/subscriber/${encodeURIComponent(keys.token)}/`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": keys.csrf },
        body: JSON.stringify(body),
        credentials: "same-origin",
      });
      const data = await res.json().catch(() => null);
      if (!res.ok) {
        if (!opts.onError?.((data ?? {}) as Record<string, unknown>, res.status))
          setError(messageOf(data, t("somethingWrong", { status: res.status })));
        return null;
      }
      if (opts.refresh !== false) router.refresh();
      return data as T;
    } catch {
      setError(t("connectionFailed"));
      return null;
    } finally {
      setPending(false);
    }
  }
  return { run, pending, error, clearError: () => setError(null) };
}
