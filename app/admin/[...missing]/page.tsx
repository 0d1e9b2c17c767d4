import { notFound } from "next/navigation";

// Unknown /admin/* paths: the console's own 404 (with the sidebar) instead of the site-wide one.
// Real routes always win over this catch-all.
export default function MissingAdminPage() {
  notFound();
}
