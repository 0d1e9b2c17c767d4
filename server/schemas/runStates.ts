// The states of a billing run (no zod here: console components import it too). RUN_STATES is the API's
// order (the OpenAPI enum); the console's filters list the two rare outcomes last, canceled first.
export const RUN_STATES = [
  "scheduled",
  "processing",
  "succeeded",
  "failed",
  "exhausted",
  "pending_external",
  "canceled",
  "voided",
  "written_off",
] as const;
export type RunState = (typeof RUN_STATES)[number];

export const CONSOLE_RUN_STATES: readonly [RunState, ...RunState[]] = [
  RUN_STATES[0],
  ...RUN_STATES.slice(1).filter((state) => state !== "pending_external"),
  "pending_external",
];
