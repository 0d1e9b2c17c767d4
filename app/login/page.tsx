import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/LoginForm";
import { signInErrorMessage } from "@/components/auth/messages";
import { getSellerSession } from "@/server/auth/session";

export const metadata: Metadata = { title: "Sign in · Subscription Contracts" };

/** Only paths of this site: anything else (other origins, "//host") falls back to the console. */
function safeCallback(v: string | string[] | undefined): string {
  const s = Array.isArray(v) ? v[0] : v;
  return s?.startsWith("/") && !s.startsWith("//") && !s.startsWith("/\\") ? s : "/admin";
}

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const callbackUrl = safeCallback(params.callbackUrl);
  if (await getSellerSession()) redirect(callbackUrl);
  // next-auth sends errors here as ?error=... (pages.error)
  const initialError = params.error ? signInErrorMessage(String(params.error)) : null;
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="mb-1 text-xl font-semibold">Sign in</h1>
        <p className="mb-6 text-sm text-slate-700">Seller admin console</p>
        <LoginForm callbackUrl={callbackUrl} initialError={initialError} />
      </div>
    </main>
  );
}
