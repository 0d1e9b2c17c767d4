// A contract's state in the customer's words ("status" in the catalogs); a state without a word reads "Other".
import type { translator } from "./catalog";

const KNOWN = [
  "inactive",
  "active",
  "paused",
  "canceled",
  "ended",
  "past_due",
  "trialing",
  "incomplete",
  "unpaid",
  "pending",
];

export const statusWord = (t: ReturnType<typeof translator<"status">>, state: string): string =>
  t(KNOWN.includes(state) ? (state as "active") : "other");
