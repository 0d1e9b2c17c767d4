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

/** A console page's link: its path below /admin and its name. */
const admin = (path: string, label: string): NavLink => ({ href: `/admin/${path}`, label });

export const NAV: NavSection[] = [
  { title: "Home", links: [{ href: "/admin", label: "Dashboard" }] },
  { title: "Customers", links: [admin("customers", "Customers")] },
  {
    title: "Contracts",
    links: [admin("contracts", "Contracts"), admin("contracts/new", "New contract")],
  },
  {
    title: "Billing",
    links: [
      admin("billing-runs", "Billing runs"),
      admin("credit-notes", "Credit notes"),
      admin("forecast", "Forecast"),
      admin("coupons", "Coupons"),
      { ...admin("billing/test-clock", "Test clock"), testOnly: true },
    ],
  },
  {
    title: "Catalog",
    links: [
      admin("products", "Products"),
      admin("bundles", "Bundles"),
      admin("tax-rates", "Tax rates"),
      admin("shipping-options", "Shipping options"),
      admin("billing-schedules", "Billing schedules"),
      admin("billable-metrics", "Billable metrics"),
    ],
  },
  { title: "Analytics", links: [admin("analytics", "MRR and retention")] },
  { title: "Sell", links: [admin("sales-channels", "Sales channels")] },
  {
    title: "Developers",
    links: [
      admin("api-keys", "API keys"),
      admin("webhooks", "Webhooks"),
      // the reference page is ~1.6 MB: never fetched in the background from every console page
      { href: "/docs/api", label: "API reference", prefetch: false },
    ],
  },
  {
    title: "Settings",
    links: [
      admin("settings", "Account"),
      admin("settings/processors", "Payment processors"),
      admin("settings/self-service", "Customer self-service"),
      admin("users", "Users and roles"),
      admin("audit-log", "Audit log"),
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
