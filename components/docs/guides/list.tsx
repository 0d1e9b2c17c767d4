// The guides, in reading order: slug (the URL), title, one line, and the content component.
import { BillingRuns } from "./BillingRuns";
import { Checkout } from "./Checkout";
import { IdempotencyErrors } from "./IdempotencyErrors";
import { Proration } from "./Proration";
import { Quickstart } from "./Quickstart";
import { TestClocks } from "./TestClocks";
import { Webhooks } from "./Webhooks";

export interface Guide {
  slug: string;
  title: string;
  summary: string;
  Content: () => React.ReactNode;
}

export const GUIDES: Guide[] = [
  {
    slug: "quickstart",
    title: "Quickstart",
    summary: "Keys, the SDK, a first quote and contract, billed on the test clock, in five minutes.",
    Content: Quickstart,
  },
  {
    slug: "checkout",
    title: "Checkout and the embedded widget",
    summary: "Server-driven checkouts, and SubscriptionCheckout.mount on your page.",
    Content: Checkout,
  },
  {
    slug: "proration",
    title: "Proration previews and item changes",
    summary: "Preview the amounts of a change, then execute exactly those.",
    Content: Proration,
  },
  {
    slug: "billing-runs",
    title: "Billing runs and dunning",
    summary: "Run states, the retry schedule of failed payments, manual retries and credit.",
    Content: BillingRuns,
  },
  {
    slug: "webhooks",
    title: "Webhooks",
    summary: "Events, payloads, signature verification in Node and with plain HMAC, retries and replays.",
    Content: Webhooks,
  },
  {
    slug: "test-clocks",
    title: "Test clocks",
    summary: "Move a test account's time forward and bill everything due on the way.",
    Content: TestClocks,
  },
  {
    slug: "idempotency-and-errors",
    title: "Idempotency and errors",
    summary: "Safe retries with Idempotency-Key; the error bodies and what to do with them.",
    Content: IdempotencyErrors,
  },
];
