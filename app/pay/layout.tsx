import { CustomerIntl } from "@/components/i18n/CustomerIntl";
import { pageLocale } from "@/server/http/pageLocale";

// a customer page: in the customer's language (server/http/pageLocale.ts)
export default async function Layout({ children }: { children: React.ReactNode }) {
  return <CustomerIntl locale={await pageLocale()}>{children}</CustomerIntl>;
}
