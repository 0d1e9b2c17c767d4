import { C, H2, P } from "./prose";
import { Sample } from "./Sample";

export function Proration() {
  return (
    <>
      <P>
        Every item change and lifecycle operation (add, update or remove an item, cancel, pause, resume, restart) can be
        previewed first. The preview returns the prorated lines and where each amount goes; the execution call with its{" "}
        <C>preview_token</C> yields exactly those amounts or is rejected.
      </P>
      <H2>Preview, then execute</H2>
      <Sample file="proration-preview.ts" />
      <H2>Where the money goes</H2>
      <P>
        <C>proration_behavior</C>: <C>create_prorations</C> (the default for item changes) or <C>none</C>.{" "}
        <C>settlement_behavior</C>: <C>next_invoice</C> (pending lines on the next regular run), <C>invoice_now</C> (an
        adjustment run at once), <C>credit_balance</C> (contract credit). The preview shows them as{" "}
        <C>next_invoice_amount</C>, <C>invoice_now_amount</C> and <C>credit_amount</C>.
      </P>
      <P>
        Repeat the previewed fields in the execution call. Another change in between makes the token stale: a 400 with{" "}
        <C>code: &quot;preview_stale&quot;</C>; preview again. Tokens live 30 minutes.
      </P>
    </>
  );
}
