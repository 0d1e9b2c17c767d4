import { NotFoundPanel } from "@/components/ui/NotFoundPanel";

export const metadata = { title: "Page not found · Subscription Contracts" };

export default function NotFound() {
  return (
    <main id="main" className="px-4 py-16">
      <NotFoundPanel backHref="/" backLabel="Back to the home page" message="There is no page at this address." />
    </main>
  );
}
