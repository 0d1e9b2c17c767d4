import type { Metadata } from "next";
import { connection } from "next/server";
import "./globals.css";

export const metadata: Metadata = { title: "Subscription Contracts", description: "Subscription billing service" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // every page renders per request: Next.js stamps the request's CSP nonce (proxy.ts) on its scripts,
  // which a page prerendered at build time could not carry
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
