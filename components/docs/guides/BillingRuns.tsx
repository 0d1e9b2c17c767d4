import { C, H2, P, Ref } from "./prose";
import { Sample } from "./Sample";

export function BillingRuns() {
  return (
    <>
      <P>
        A billing run charges one contract for one period (<C>kind</C>: <C>initial</C>, <C>regular</C> or{" "}
        <C>adjustment</C>). The worker creates regular runs when a period falls due and charges the contract&apos;s
        payment method; on a test account the <Ref href="/docs/guides/test-clocks">test clock</Ref> does the same on
        demand.
      </P>
      <H2>States</H2>
      <P>
        <C>scheduled</C> → <C>processing</C> → <C>succeeded</C>, or <C>failed</C> (a retry is due) and finally{" "}
        <C>exhausted</C> (no automatic retries left). <C>pending_external</C> waits for a processor; <C>canceled</C>{" "}
        runs are not charged. Each run lists its <C>lines</C>, <C>attempts</C> (with <C>fail_code</C>) and{" "}
        <C>transactions</C>.
      </P>
      <H2>Dunning</H2>
      <P>
        After a failed charge, attempts 2, 3 and 4 come 1, 3 and 5 days after the previous failure; a fourth failure
        exhausts the run. A checkout&apos;s initial payment is not retried (the customer is there to try again). Each
        transition emits an event (<Ref href="/docs/events">events reference</Ref>), e.g. <C>billing_run.failed</C> and{" "}
        <C>billing_run.exhausted</C>: ask the customer for a new card, then retry.
      </P>
      <H2>Find and retry failed runs</H2>
      <Sample file="billing-runs.ts" />
      <P>
        Contract credit (from prorations) is never used by itself unless the contract has <C>auto_apply_credit</C>:
        apply it with <C>POST /v2/billing-runs/&#123;id&#125;/apply-credit/</C>.
      </P>
    </>
  );
}
