// Spans for OpenTelemetry traces (docs/deployment.md "Traces"): the request wrappers open one per HTTP request
// and tRPC procedure, `traced` one per domain call a transport makes, and the database pools one per SQL
// statement (server/tracedPg.ts). Only @opentelemetry/api here: the SDK and its exporter are loaded by
// ./tracingSetup.ts when the environment asks for traces. Until then `tracingOn()` is false and every helper
// calls straight through, so a process without traces pays one global read per span it would have opened.
import { type Attributes, type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { config } from "./config";

declare global {
  /** Set by startTracing (tracingSetup.ts) once a tracer provider is registered for this process. */
  var __tracingOn: boolean | undefined;
}

/** Whether this process records spans. */
export const tracingOn = (): boolean => globalThis.__tracingOn === true;

const TRACER = "subscription-contracts";

/** Whether the configuration asks for traces: an OTLP endpoint, or an exporter other than `none`. */
export function tracesWanted(): boolean {
  const { OTEL_TRACES_EXPORTER: exporter, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint } = config();
  return exporter ? exporter !== "none" : !!endpoint;
}

export type { Span };
export { SpanKind, SpanStatusCode };

/**
 * Runs `fn` inside a new active span (its children nest under it), ending it when `fn` settles; a throw marks
 * the span as an error and is rethrown. Without tracing: `fn(undefined)`.
 */
export function withSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span | undefined) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  if (!tracingOn()) return fn(undefined);
  return trace.getTracer(TRACER).startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (e) {
      failed(span, e);
      throw e;
    } finally {
      span.end();
    }
  });
}

/** Marks a span as failed by `e` (its message and type as the span's exception event). */
export function failed(span: Span, e: unknown) {
  if (e instanceof Error) span.recordException(e);
  span.setStatus({ code: SpanStatusCode.ERROR, message: e instanceof Error ? e.message : String(e) });
}

/**
 * A domain call made by a transport (REST route, tRPC procedure, worker job): span `domain <name>`, nested in
 * the request's span, with the SQL the call runs nested in it.
 */
export const traced = <T>(name: string, fn: () => Promise<T>): Promise<T> =>
  tracingOn() ? withSpan(`domain ${name}`, { "code.function.name": name }, fn) : fn();
