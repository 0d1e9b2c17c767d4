import { NotFoundPanel } from "@/components/ui/NotFoundPanel";

// notFound() anywhere under /admin (and unknown /admin/* paths, via [...missing]): inside the console layout.
export default function AdminNotFound() {
  return <NotFoundPanel backHref="/admin" backLabel="Back to the dashboard" />;
}
