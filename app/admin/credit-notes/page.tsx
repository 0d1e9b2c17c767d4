import { CreditNoteList } from "@/components/admin/creditNotes/CreditNoteList";
import { PageHeader } from "@/components/ui/PageHeader";

// The kind and the page live in the URL; refunds.creditNotePage pages on the server.
export default function CreditNotesPage() {
  return (
    <>
      <PageHeader
        title="Credit notes"
        description="Every refund, credit to a contract's balance and lost dispute, each with its document."
      />
      <CreditNoteList />
    </>
  );
}
