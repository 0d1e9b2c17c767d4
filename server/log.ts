// The process's logger (pino, JSON on stdout).
import pino from "pino";

// JSON logs on stdout; LOG_LEVEL=silent in tests unless asked for.
export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { service: "subscription-contracts" },
  redact: ["req.headers.authorization", "authorization"],
});
export type Logger = typeof log;
