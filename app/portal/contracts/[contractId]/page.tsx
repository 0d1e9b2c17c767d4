import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import SubscriberPage from "@/app/change_contract/[token]/page";
import { PORTAL_COOKIE } from "@/server/domain/portal/sessions";
import { pageLocale } from "@/server/http/pageLocale";
import { portalContractToken } from "@/server/http/portal";
import { translator } from "@/server/i18n/catalog";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = translator(await pageLocale(), "subscriber");
  return { title: t("title"), robots: { index: false, follow: false } };
}

// One of the portal customer's contracts, managed with the subscriber page itself (the same page, sections and
// actions): the portal cookie decides which contract may be opened; another customer's is a 404.
export default async function PortalContractPage({
  params,
  searchParams,
}: {
  params: Promise<{ contractId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { contractId } = await params;
  const cookie = (await cookies()).get(PORTAL_COOKIE)?.value;
  const token = /^[1-9]\d{0,8}$/.test(contractId) ? await portalContractToken(cookie, Number(contractId)) : null;
  if (!token) notFound();
  const t = translator(await pageLocale(), "portal");
  return (
    <>
      <nav className="mx-auto w-full max-w-2xl px-4 pt-4 sm:px-8">
        <Link className="text-sm text-blue-800 underline" href="/portal">
          {t("backToSubscriptions")}
        </Link>
      </nav>
      <SubscriberPage params={Promise.resolve({ token })} searchParams={searchParams} />
    </>
  );
}
