// The console's sidebar, in the order a seller's day runs (docs: /work/shared/design/console.md).
// Some routes are built by later pages; a link to one that does not exist yet answers the console 404.
export interface NavLink {
  href: string;
  label: string;
  testOnly?: boolean;
  prefetch?: false;
}
export interface NavSection {
  title: string;
  links: NavLink[];
}

export const NAV: NavSection[] = [
  { title: "Home", links: [{ href: "/admin", label: "Dashboard" }] },
  { title: "Customers", links: [{ href: "/admin/customers", label: "Customers" }] },
  {
    title: "Contracts",
    links: [
      { href: "/admin/contracts", label: "Contracts" },
      { href: "/admin/contracts/new", label: "New contract" },
    ],
  },
  {
    title: "Billing",
    links: [
      { href: "/admin/billing-runs", label: "Billing runs" },
      { href: "/admin/forecast", label: "Forecast" },
      { href: "/admin/coupons", label: "Coupons" },
      { href: "/admin/billing/test-clock", label: "Test clock", testOnly: true },
    ],
  },
  {
    title: "Catalog",
    links: [
      { href: "/admin/products", label: "Products" },
      { href: "/admin/bundles", label: "Bundles" },
      { href: "/admin/tax-rates", label: "Tax rates" },
      { href: "/admin/shipping-options", label: "Shipping options" },
      { href: "/admin/billing-schedules", label: "Billing schedules" },
    ],
  },
  { title: "Sell", links: [{ href: "/admin/sales-channels", label: "Sales channels" }] },
  {
    title: "Developers",
    links: [
      { href: "/admin/api-keys", label: "API keys" },
      { href: "/admin/webhooks", label: "Webhooks" },
      // the reference page is ~1.6 MB: never fetched in the background from every console page
      { href: "/docs/api", label: "API reference", prefetch: false },
    ],
  },
  {
    title: "Settings",
    links: [
      { href: "/admin/settings", label: "Account" },
      { href: "/admin/settings/processors", label: "Payment processors" },
      { href: "/admin/settings/self-service", label: "Customer self-service" },
      { href: "/admin/users", label: "Users and roles" },
      { href: "/admin/audit-log", label: "Audit log" },
    ],
  },
];

/** The link for the current path: the longest href that is the path or a parent of it. */
export function currentHref(pathname: string, links: NavLink[]): string | null {
  let best: string | null = null;
  for (const { href } of links) {
    const matches = pathname === href || (href !== "/admin" && pathname.startsWith(`${href}/`));
    if (matches && (!best || href.length > best.length)) best = href;
  }
  return best;
}
