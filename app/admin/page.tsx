import Link from "next/link";
import { PageHeader } from "@/components/admin/PageHeader";

const SECTIONS = [
  { href: "/admin/products", title: "Products", text: "Catalog products, their prices and scheduled price versions." },
  { href: "/admin/customers", title: "Customers", text: "Customers the API addresses by reference." },
  { href: "/admin/api-keys", title: "API keys", text: "Secret, public and token keys of the account (prefixes only)." },
  { href: "/admin/audit-log", title: "Audit log", text: "Every change through the console, the API or a public page: who, what, when." },
  { href: "/docs/api", title: "API reference", text: "The REST API, generated from the OpenAPI document." },
];

export default function AdminOverviewPage() {
  return (
    <>
      <PageHeader title="Overview" description="Manage the catalog and customers of your seller account." />
      <ul className="grid gap-4 sm:grid-cols-2" data-testid="admin-overview">
        {SECTIONS.map((s) => (
          <li key={s.href}>
            <Link href={s.href} prefetch={s.href.startsWith("/docs/") ? false : undefined} className="block rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-blue-300 hover:shadow">
              <h2 className="font-semibold text-blue-800">{s.title}</h2>
              <p className="mt-1 text-sm text-slate-700">{s.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
