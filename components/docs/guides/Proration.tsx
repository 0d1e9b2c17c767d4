import { H2, InlineCode, Paragraph } from "./Prose";
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
      <H2>Charged now: apply only once paid</H2>
      <Paragraph>
        An item change settled <InlineCode>invoice_now</InlineCode> (or <InlineCode>always_invoice</InlineCode>) bills
        an adjustment run at once. <InlineCode>payment_behavior</InlineCode> (extension, as Stripe&apos;s) says what
        happens if that payment fails: <InlineCode>allow_incomplete</InlineCode> (the default) applies the change at
        once and leaves the run to billing and dunning; <InlineCode>pending_if_incomplete</InlineCode> charges during
        the call and applies the change only when the payment succeeds. A declined card then changes nothing: a 400 with
        the processor&apos;s reason (
        <InlineCode>{'{"payment": ["The card was declined."], "code": "card_declined"}'}</InlineCode>
        ), the run <InlineCode>voided</InlineCode> and owed by nobody. A payment waiting for the customer&apos;s bank
        (3-D Secure) answers <InlineCode>change_state: &quot;awaiting_payment&quot;</InlineCode>; the processor&apos;s
        webhook later applies or drops the change. A change that charges nothing now applies at once. The account&apos;s
        default is a console setting; the subscriber page always waits for the payment of an upgrade.
      </Paragraph>
      <Paragraph>
        Repeat the previewed fields in the execution call (<InlineCode>payment_behavior</InlineCode> may be added or
        left out: it changes when a change applies, not its amounts). Another change in between makes the token stale: a
        400 with <InlineCode>code: &quot;preview_stale&quot;</InlineCode>; preview again. Tokens live 30 minutes.
      </Paragraph>
    </>
  );
}
