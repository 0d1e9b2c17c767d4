import { H2, InlineCode, Paragraph } from "./Prose";
import { Sample } from "./Sample";

export function IdempotencyErrors() {
  return (
    <>
      <H2>Idempotency</H2>
      <Paragraph>
        Send an <InlineCode>Idempotency-Key</InlineCode> header (or <InlineCode>idempotency_key</InlineCode> in the
        body) with a POST: the first request executes, a repeat with the same key and body gets the stored answer
        (header <InlineCode>idempotent-replayed: true</InlineCode>), the same key with another body is a 400{" "}
        <InlineCode>idempotency_key</InlineCode>, and a repeat while the first still runs waits up to 5 seconds for its
        answer, then is a 409. Failed requests release the key. If the service stopped in the middle of a request (a
        crash, a database outage), a repeat gets either the stored answer of the change that was made or executes the
        request once: creating a contract and changing one are never done twice. The SDK sets a fresh key on every POST
        and reuses it on its own retries; pass yours to make retries across restarts safe.
      </Paragraph>
      <H2>Errors</H2>
      <Paragraph>
        400: an object of field name (or <InlineCode>non_field_errors</InlineCode>) → list of messages, sometimes with a{" "}
        <InlineCode>code</InlineCode> (<InlineCode>no_change</InlineCode>, <InlineCode>preview_stale</InlineCode>). 401:
        missing or invalid key. 403: a public key where the secret key is needed. 404{" "}
        <InlineCode>&#123;detail&#125;</InlineCode>: not found, also for another account&apos;s ids. 5xx and 429: retry
        with backoff (the SDK does, up to three times).
      </Paragraph>
      <Sample file="idempotency-errors.ts" />
    </>
  );
}
