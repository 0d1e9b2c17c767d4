// pg 8.19+ warns (and pg 9 will refuse) when a client is sent a query while one is still running.
// Prisma's query interpreter fetches the relations of an `include` with Promise.all, which inside an
// interactive transaction means several queries at once on the transaction's one connection. This
// client runs promise-style queries one after another itself, exactly as pg's internal queue did (each one
// a span of its own when traces are on: ./tracedPg.ts).
import type pg from "pg";
import { TracedClient } from "./tracedPg";

type QueryArgs = Parameters<pg.Client["query"]>;

export class SerialClient extends TracedClient {
  private tail: Promise<unknown> = Promise.resolve();

  // biome-ignore lint/suspicious/noExplicitAny: overrides pg.Client.query, whose overloads cannot be restated
  query(...args: any[]): any {
    const [config, values, callback] = args;
    // callback-style and submittable queries (cursors, the pool's own calls) keep pg's behaviour
    if (typeof values === "function" || typeof callback === "function" || typeof config?.submit === "function") {
      return (super.query as (...a: QueryArgs) => unknown)(...(args as QueryArgs));
    }
    const run = this.tail.then(() => (super.query as (...a: QueryArgs) => Promise<unknown>)(...(args as QueryArgs)));
    // the chain holds neither the result nor the error (the caller gets those through `run`)
    this.tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
}
