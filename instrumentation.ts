// Runs once when the Next.js server starts: refuse to serve with a variable that does not parse, or without
// explicit secrets or APP_URL where the development fallbacks are not acceptable (production against an
// external database): `startupProblems` in server/config.ts. Then, when the environment asks for traces
// (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_TRACES_EXPORTER), the OpenTelemetry SDK (server/tracingSetup.ts);
// otherwise it is never loaded.
export async function register() {
  // Next.js calls this in the Edge runtime too (which this app does not use): nothing to check or stop there
  if ("EdgeRuntime" in globalThis) return;
  const { startupProblems } = await import("./server/config");
  const problems = startupProblems();
  if (problems.length) {
    for (const problem of problems) console.error(problem);
    process.exit(1);
  }
  const { tracesWanted } = await import("./server/tracing");
  if (tracesWanted()) await (await import("./server/tracingSetup")).startTracing({ role: "app" });
}
