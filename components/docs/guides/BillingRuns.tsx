import { H2, InlineCode, Paragraph, Ref } from "./Prose";
import { Sample } from "./Sample";

export function BillingRuns() {
  return (
    <>
      <Paragraph>
        A billing run charges one contract for one period (<InlineCode>kind</InlineCode>:{" "}
        <InlineCode>initial</InlineCode>, <InlineCode>regular</InlineCode> or <InlineCode>adjustment</InlineCode>). The
        worker creates regular runs when a period falls due and charges the contract&apos;s payment method; on a test
        account the <Ref href="/docs/guides/test-clocks">test clock</Ref> does the same on demand.
      </Paragraph>
      <H2>States</H2>
      <Paragraph>
        <InlineCode>scheduled</InlineCode> → <InlineCode>processing</InlineCode> → <InlineCode>succeeded</InlineCode>,
        or <InlineCode>failed</InlineCode> (a retry is due) and finally <InlineCode>exhausted</InlineCode> (no automatic
        retries left). <InlineCode>pending_external</InlineCode> waits for a processor; <InlineCode>voided</InlineCode>{" "}
        runs are never charged and nothing is owed: a checkout&apos;s first payment never made, or an item change made
        with <InlineCode>payment_behavior=pending_if_incomplete</InlineCode> whose payment failed (the change was
        dropped); <InlineCode>metadata.void_reason</InlineCode> says which. Each run lists its{" "}
        <InlineCode>lines</InlineCode>, <InlineCode>attempts</InlineCode> (with <InlineCode>fail_code</InlineCode>) and{" "}
        <InlineCode>transactions</InlineCode>.
      </Paragraph>
      <H2>Dunning</H2>
      <Paragraph>
        After a failed charge, attempts 2, 3 and 4 come 1, 3 and 5 days after the previous failure; a fourth failure
        exhausts the run. A checkout&apos;s initial payment is not retried (the customer is there to try again). Each
        transition emits an event (<Ref href="/docs/events">events reference</Ref>), e.g.{" "}
        <InlineCode>billing_run.failed</InlineCode> and <InlineCode>billing_run.exhausted</InlineCode>: ask the customer
        for a new card, then retry.
      </Paragraph>
      <H2>Find and retry failed runs</H2>
      <Sample file="billing-runs.ts" />
      <Paragraph>
        Contract credit (from prorations) is never used by itself unless the contract has{" "}
        <InlineCode>auto_apply_credit</InlineCode>: apply it with{" "}
        <InlineCode>POST /v2/billing-runs/&#123;id&#125;/apply-credit/</InlineCode>.
      </Paragraph>
    </>
  );
}
