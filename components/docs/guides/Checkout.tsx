import { C, H2, P, Ref } from "./prose";
import { Sample } from "./Sample";

export function Checkout() {
  return (
    <>
      <P>
        A checkout turns a quote into a contract once a payment method is in place. Two ways to collect it: your server
        drives a checkout (the customer already has a card, or enters one in the hosted card form), or the embedded
        widget on your page does everything with a short-lived session.
      </P>
      <H2>Server-driven checkout</H2>
      <P>
        <C>POST /v2/checkouts/</C> with the offer and a processor from <C>POST /v2/payment-processor-options/</C>; if
        the customer has no verified method, <C>POST /v2/checkouts/&#123;token&#125;/payment-method-registrations/</C>{" "}
        gives a hosted card form URL. Then <C>POST /v2/checkouts/&#123;token&#125;/finalize/</C> creates the contract
        and charges the first run. A finalize 400 either created nothing (a precondition) or reports a failed payment (
        <C>status: failed</C>). The <Ref href="/docs/guides/quickstart">quickstart</Ref> shows the whole call sequence.
      </P>
      <H2>Embedded widget</H2>
      <P>
        On your server, create a sales channel once (what is sold, on which origins, with which processors) and a
        checkout session per visitor. Only the session token goes to the browser; it expires after 30 minutes.
      </P>
      <Sample file="embedded-checkout.ts" />
      <P>
        On the page (one of the channel&apos;s <C>allowed_origins</C>), load <C>/embed/v1.js</C> from this service and
        mount the widget with{" "}
        <C>SubscriptionCheckout.mount(element, &#123; session, onReady, onComplete, onError &#125;)</C>.{" "}
        <C>onComplete</C> receives the result with the new contract; confirm it on your server with{" "}
        <C>GET /v2/checkout-sessions/&#123;token&#125;/</C> or the <C>subscription_contract.created</C> webhook before
        provisioning.
      </P>
      <Sample file="embedded-checkout.html" />
    </>
  );
}
