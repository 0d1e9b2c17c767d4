// The bar above every /docs page: back to the console, and the documentation's sections.
import Link from "next/link";

const SECTIONS = [
  { href: "/docs/guides", label: "Guides" },
  { href: "/docs/api", label: "API reference" },
  { href: "/docs/events", label: "Events" },
  { href: "/docs/versioning", label: "Versioning" },
];

export function DocsNav() {
  return (
    <div className="border-b border-slate-200 bg-white">
      <nav
        aria-label="Documentation"
        className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-5 gap-y-2 px-4 py-3 text-sm sm:px-6"
      >
        <Link href="/admin" className="font-medium text-blue-700 hover:underline" data-testid="back-to-console">
          ← Back to console
        </Link>
        <Link href="/" className="font-semibold text-slate-900 hover:underline">
          Subscription Contracts
        </Link>
        {SECTIONS.map((section) => (
          <Link key={section.href} href={section.href} className="text-slate-700 hover:text-blue-700 hover:underline">
            {section.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}
