// The process's logger (pino, JSON on stdout).
import pino from "pino";
import { config } from "./config";

const { LOG_LEVEL, NODE_ENV } = config();
// JSON logs on stdout; silent in tests unless LOG_LEVEL asks otherwise.
export const log = pino({
  level: LOG_LEVEL ?? (NODE_ENV === "test" ? "silent" : "info"),
  base: { service: "subscription-contracts" },
  redact: ["req.headers.authorization", "authorization"],
});
export type Logger = typeof log;
