// The OpenTelemetry SDK of a process that records traces: a Node tracer provider (async-hooks context, so a
// span's children nest across awaits) registered as the global one, exporting by OTLP over HTTP (batched) or
// to the console. Loaded only when the environment asks for traces (`tracesWanted` in ./tracing.ts): by instrumentation.ts
// in the app, by scripts/worker.ts in the worker, and by the tests with an in-memory exporter.

import { context, propagation, trace } from "@opentelemetry/api";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  BatchSpanProcessor,
  ConsoleSpanExporter,
  SimpleSpanProcessor,
  type SpanExporter,
} from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { config } from "./config";

declare global {
  var __tracerProvider: NodeTracerProvider | undefined;
}

/**
 * Registers the process's tracer provider (once) and turns the span helpers of ./tracing.ts on. `exporter`: the
 * tests' in-memory one (each span exported as it ends); otherwise the configured one, batched.
 */
export async function startTracing({ role, exporter }: { role: string; exporter?: SpanExporter }) {
  if (globalThis.__tracerProvider) return globalThis.__tracerProvider;
  const c = config();
  const processor = exporter
    ? new SimpleSpanProcessor(exporter)
    : c.OTEL_TRACES_EXPORTER === "console"
      ? new BatchSpanProcessor(new ConsoleSpanExporter())
      : new BatchSpanProcessor(new (await import("@opentelemetry/exporter-trace-otlp-http")).OTLPTraceExporter());
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": c.OTEL_SERVICE_NAME, "process.role": role }),
    spanProcessors: [processor],
  });
  provider.register();
  globalThis.__tracerProvider = provider;
  globalThis.__tracingOn = true;
  return provider;
}

/** Sends what is still buffered and stops recording (on shutdown); nothing without tracing. */
export async function stopTracing() {
  const provider = globalThis.__tracerProvider;
  if (!provider) return;
  globalThis.__tracingOn = false;
  globalThis.__tracerProvider = undefined;
  await provider.shutdown().catch(() => {});
  trace.disable();
  context.disable();
  propagation.disable();
}
