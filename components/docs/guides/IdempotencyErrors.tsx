import { C, H2, P } from "./prose";
import { Sample } from "./Sample";

export function IdempotencyErrors() {
  return (
    <>
      <H2>Idempotency</H2>
      <P>
        Send an <C>Idempotency-Key</C> header (or <C>idempotency_key</C> in the body) with a POST: the first request
        executes, a repeat with the same key and body gets the stored answer (header <C>idempotent-replayed: true</C>),
        the same key with another body is a 400 <C>idempotency_key</C>, and a repeat while the first still runs is a
        409. Failed requests release the key. The SDK sets a fresh key on every POST and reuses it on its own retries;
        pass yours to make retries across restarts safe.
      </P>
      <H2>Errors</H2>
      <P>
        400: an object of field name (or <C>non_field_errors</C>) → list of messages, sometimes with a <C>code</C> (
        <C>no_change</C>, <C>preview_stale</C>). 401: missing or invalid key. 403: a public key where the secret key is
        needed. 404 <C>&#123;detail&#125;</C>: not found, also for another account&apos;s ids. 5xx and 429: retry with
        backoff (the SDK does, up to three times).
      </P>
      <Sample file="idempotency-errors.ts" />
    </>
  );
}
