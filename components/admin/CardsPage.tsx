// A console page of cards under its header (list pages: the list, then the form creating a new one). The
// page states its title, its description (the children), the page creating a new one where there is one
// (its link and the link's words, e.g. "New sales channel"), and its cards in order, each by its title.
import Link from "next/link";
import { buttonClass } from "@/components/ui/buttonClass";
import { Card } from "@/components/ui/Card";
import { PageHeader } from "@/components/ui/PageHeader";

export function CardsPage({
  title,
  newPage,
  cards,
  children,
}: {
  title: string;
  newPage?: { href: string; label: string };
  cards: Record<string, React.ReactNode>;
  children: React.ReactNode;
}) {
  const actions = newPage ? (
    <Link href={newPage.href} className={buttonClass("primary")}>
      {newPage.label}
    </Link>
  ) : undefined;
  return (
    <>
      <PageHeader title={title} description={children} actions={actions} />
      {Object.entries(cards).map(([cardTitle, content]) => (
        <Card key={cardTitle} title={cardTitle}>
          {content}
        </Card>
      ))}
    </>
  );
}
