import { H2, InlineCode, Paragraph, Ref } from "./Prose";
import { Sample } from "./Sample";

export function Checkout() {
  return (
    <>
      <Paragraph>
        A checkout turns a quote into a contract once a payment method is in place. Two ways to collect it: your server
        drives a checkout (the customer already has a card, or enters one in the hosted card form), or the embedded
        widget on your page does everything with a short-lived session.
      </Paragraph>
      <H2>Server-driven checkout</H2>
      <Paragraph>
        <InlineCode>POST /v2/checkouts/</InlineCode> with the offer and a processor from{" "}
        <InlineCode>POST /v2/payment-processor-options/</InlineCode>; if the customer has no verified method,{" "}
        <InlineCode>POST /v2/checkouts/&#123;token&#125;/payment-method-registrations/</InlineCode> gives a hosted card
        form URL. Then <InlineCode>POST /v2/checkouts/&#123;token&#125;/finalize/</InlineCode> creates the contract and
        charges the first run. A finalize 400 either created nothing (a precondition) or reports a failed payment (
        <InlineCode>status: failed</InlineCode>). The <Ref href="/docs/guides/quickstart">quickstart</Ref> shows the
        whole call sequence.
      </Paragraph>
      <H2>Embedded widget</H2>
      <Paragraph>
        On your server, create a sales channel once (what is sold, on which origins, with which processors) and a
        checkout session per visitor. Only the session token goes to the browser; it expires after 30 minutes.
      </Paragraph>
      <Sample file="embedded-checkout.ts" />
      <Paragraph>
        On the page (one of the channel&apos;s <InlineCode>allowed_origins</InlineCode>), load{" "}
        <InlineCode>/embed/v1.js</InlineCode> from this service and mount the widget with{" "}
        <InlineCode>
          SubscriptionCheckout.mount(element, &#123; session, onReady, onPending, onComplete, onError &#125;)
        </InlineCode>
        . <InlineCode>onReady</InlineCode> receives the session&apos;s summary (<InlineCode>session</InlineCode>,{" "}
        <InlineCode>currency</InlineCode>, <InlineCode>due_today_amount</InlineCode>,{" "}
        <InlineCode>recurring_total_amount</InlineCode>, <InlineCode>trial_end_at</InlineCode>, …);{" "}
        <InlineCode>onPending</InlineCode> fires while the customer&apos;s bank confirms a payment (3-D Secure);{" "}
        <InlineCode>onError</InlineCode> receives <InlineCode>&#123; code, message &#125;</InlineCode>, among them{" "}
        <InlineCode>card_declined</InlineCode>, <InlineCode>session_expired</InlineCode> and{" "}
        <InlineCode>origin_not_allowed</InlineCode> (the page&apos;s origin is not one of the channel&apos;s allowed
        origins: the frame stays empty, and the loader says so within a few seconds).{" "}
        <InlineCode>onComplete</InlineCode> receives the result with the new contract; confirm it on your server with{" "}
        <InlineCode>GET /v2/checkout-sessions/&#123;token&#125;/</InlineCode> or the{" "}
        <InlineCode>subscription_contract.created</InlineCode> webhook before provisioning.
      </Paragraph>
      <Sample file="embedded-checkout.html" />
    </>
  );
}
