// node-postgres with a span per SQL statement (server/tracing.ts), for both pools of server/db.ts: Prisma's
// driver adapter sends its statements through them too, so one place covers the ORM and the hand-written SQL.
// A span holds the statement's text as sent (`$1` placeholders; parameter values are never recorded). Pool.query
// opens the span in the caller's context (the pool may hand the query a connection from another request's
// callback); a checked-out connection (a transaction) opens it on the client. Pool.query's own call into its
// client passes a callback and so is not counted twice.
import pg from "pg";
import { SpanKind, tracingOn, withSpan } from "./tracing";

type QueryArgs = Parameters<pg.Client["query"]>;
// biome-ignore lint/suspicious/noExplicitAny: pg's query overloads cannot be restated
type AnyQuery = (...args: any[]) => any;

const MAX_TEXT = 4_000;

/** A promise-style call (no callback, no submittable such as a cursor): the ones worth a span. */
// biome-ignore lint/suspicious/noExplicitAny: pg's query arguments
function statementOf(args: any[]): string | undefined {
  const [config, values, callback] = args;
  if (typeof values === "function" || typeof callback === "function" || typeof config?.submit === "function")
    return undefined;
  const text = typeof config === "string" ? config : config?.text;
  return typeof text === "string" ? text : undefined;
}

/** Runs `query` inside a `SQL <operation>` client span carrying the statement's text. */
function sqlSpan<T>(text: string, query: () => Promise<T>): Promise<T> {
  const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? "SQL";
  return withSpan(
    `SQL ${operation}`,
    { "db.system.name": "postgresql", "db.operation.name": operation, "db.query.text": text.slice(0, MAX_TEXT) },
    () => query(),
    SpanKind.CLIENT,
  );
}

/** A connection whose promise-style queries are spans while tracing is on. */
export class TracedClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: overrides pg.Client.query, whose overloads cannot be restated
  query(...args: any[]): any {
    const text = tracingOn() ? statementOf(args) : undefined;
    if (text === undefined) return (super.query as AnyQuery)(...(args as QueryArgs));
    return sqlSpan(text, () => (super.query as AnyQuery)(...(args as QueryArgs)));
  }
}

/** A pool whose promise-style `query` calls are spans while tracing is on (its connections: `config.Client`). */
export class TracedPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: overrides pg.Pool.query, whose overloads cannot be restated
  query(...args: any[]): any {
    const text = tracingOn() ? statementOf(args) : undefined;
    if (text === undefined) return (super.query as AnyQuery)(...args);
    return sqlSpan(text, () => (super.query as AnyQuery)(...args));
  }
}
