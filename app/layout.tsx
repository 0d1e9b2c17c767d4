import type { Metadata } from "next";
import { connection } from "next/server";
import { pageLocale } from "@/server/http/pageLocale";
import "./globals.css";

export const metadata: Metadata = { title: "Subscription Contracts", description: "Subscription billing service" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // every page renders per request: Next.js stamps the request's CSP nonce (proxy.ts) on its scripts,
  // which a page prerendered at build time could not carry
  await connection();
  // customer pages are in the customer's language (server/http/pageLocale.ts); the console is English
  return (
    <html lang={await pageLocale()}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
