import { H2, InlineCode, Paragraph, Ref } from "./Prose";
import { Sample } from "./Sample";

export function Webhooks() {
  return (
    <>
      <Paragraph>
        The service tells you what happened by POSTing events to your endpoints: contracts created, changed, canceled;
        billing runs created, succeeded, failed. Every event type and its payload are in the{" "}
        <Ref href="/docs/events">events reference</Ref>.
      </Paragraph>
      <H2>1. Register an endpoint</H2>
      <Sample file="webhook-endpoint.ts" />
      <Paragraph>
        The URL must be public http(s) (no private or loopback addresses). The signing secret is shown only in this
        answer. Endpoints can also be managed in the console under Webhooks.
      </Paragraph>
      <H2>2. Receive and verify (Node, with the SDK)</H2>
      <Paragraph>
        Each delivery is <InlineCode>&#123;id, type, created_at, data&#125;</InlineCode> with headers{" "}
        <InlineCode>webhook-id</InlineCode> (the event id), <InlineCode>webhook-timestamp</InlineCode> and{" "}
        <InlineCode>webhook-signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</InlineCode>. Verify the raw body before
        parsing it: <InlineCode>webhooks.verify(rawBody, signatureHeader, secret, toleranceSeconds)</InlineCode> returns
        the event or throws.
      </Paragraph>
      <Sample file="webhook-receiver.ts" />
      <H2>Verify with plain HMAC</H2>
      <Paragraph>
        In any language: <InlineCode>v1 = hex(HMAC-SHA256(secret, t + &quot;.&quot; + rawBody))</InlineCode>; compare in
        constant time and refuse timestamps older than five minutes.
      </Paragraph>
      <Sample file="verify-hmac.sh" />
      <H2>Retries and replays</H2>
      <Paragraph>
        Answer with a 2xx within 10 seconds. Anything else (another status, a redirect, a timeout) is retried with
        exponential backoff starting at one minute and doubling (at most six hours apart); after three days the delivery
        is given up. Delivery is at least once: deduplicate by event id. The delivery log (
        <InlineCode>GET /v2/webhook-endpoints/&#123;id&#125;/deliveries/</InlineCode> and the console&apos;s Webhooks
        page) shows every attempt, and the console can send any delivery again (replay).
      </Paragraph>
    </>
  );
}
