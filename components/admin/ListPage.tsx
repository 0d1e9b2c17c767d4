// A console list page: the page header, the list in a card, and under it the card with the form that
// creates a new one (when the page has one).
import { Card } from "@/components/ui/Card";
import { PageHeader } from "@/components/ui/PageHeader";

export function ListPage({
  title,
  description,
  actions,
  listTitle,
  list,
  formTitle,
  form,
}: {
  title: string;
  description: string;
  actions?: React.ReactNode;
  listTitle: string;
  list: React.ReactNode;
  formTitle?: string;
  form?: React.ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      <Card title={listTitle}>{list}</Card>
      {formTitle ? <Card title={formTitle}>{form}</Card> : null}
    </>
  );
}
