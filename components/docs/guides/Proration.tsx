import { H2, InlineCode, Paragraph } from "./prose";
import { Sample } from "./Sample";

export function Proration() {
  return (
    <>
      <Paragraph>
        Every item change and lifecycle operation (add, update or remove an item, cancel, pause, resume, restart) can be
        previewed first. The preview returns the prorated lines and where each amount goes; the execution call with its{" "}
        <InlineCode>preview_token</InlineCode> yields exactly those amounts or is rejected.
      </Paragraph>
      <H2>Preview, then execute</H2>
      <Sample file="proration-preview.ts" />
      <H2>Where the money goes</H2>
      <Paragraph>
        <InlineCode>proration_behavior</InlineCode>: <InlineCode>create_prorations</InlineCode> (the default for item
        changes) or <InlineCode>none</InlineCode>. <InlineCode>settlement_behavior</InlineCode>:{" "}
        <InlineCode>next_invoice</InlineCode> (pending lines on the next regular run),{" "}
        <InlineCode>invoice_now</InlineCode> (an adjustment run at once), <InlineCode>credit_balance</InlineCode>{" "}
        (contract credit). The preview shows them as <InlineCode>next_invoice_amount</InlineCode>,{" "}
        <InlineCode>invoice_now_amount</InlineCode> and <InlineCode>credit_amount</InlineCode>.
      </Paragraph>
      <Paragraph>
        Repeat the previewed fields in the execution call. Another change in between makes the token stale: a 400 with{" "}
        <InlineCode>code: &quot;preview_stale&quot;</InlineCode>; preview again. Tokens live 30 minutes.
      </Paragraph>
    </>
  );
}
