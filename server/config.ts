// The configuration: one table of every environment variable the service, its scripts and its tests read
// (group, one line of meaning, default, and for those the service reads, the zod type of the value), the typed
// values parsed from it once per process (`config()`), and the production requirements: what must be set
// before a production deployment may start. `.env.example` is rendered from the table (`npm run env:example`;
// tests/config keeps the two equal).
// This is the only reader of process.env in server/, app/, components/, prisma/, proxy.ts and instrumentation.ts
// (Biome's noProcessEnv and tests/config/process-env.test.ts hold the line). Scripts (scripts/**), the tests'
// harness and the tools' own config files (next.config.mjs, prisma.config.ts, playwright.config.ts,
// vitest.config.ts) still read it: they run before, or outside, any module of the service, and may not load
// TypeScript at all; the variables they read are listed here anyway, so `.env.example` names every one.
// No imports but zod: the Next.js instrumentation hook loads this module at boot.
import { z } from "zod";

/** The environment as a process sees it; an empty value counts as unset (as in a dotenv file). */
export type Env = Record<string, string | undefined>;

const GROUPS = [
  "Server",
  "Database",
  "Secrets and public URLs",
  "Behaviour",
  "Notice e-mails",
  "Billing worker",
  "Seed and demo shop",
  "Tests and tooling",
  "Soak and benchmarks",
] as const;
type Group = (typeof GROUPS)[number];

/** A variable as `.env.example` lists it: its group, a line of meaning and its default as written in the environment. */
interface Documented {
  group: Group;
  doc: string;
  default?: string;
  /** never has a default, never appears in an error message */
  secret?: boolean;
}
/** A variable the service reads: also the zod type its value is parsed with. */
interface Typed<T> extends Documented {
  type: z.ZodType<T>;
}

// ---- value types -------------------------------------------------------------------------------------------

const wholeNumber = (min = 1) =>
  z
    .string()
    .regex(/^\d{1,15}$/, `a whole number of at least ${min} is required`)
    .transform(Number)
    .pipe(z.number().min(min, `a whole number of at least ${min} is required`));

const ON = ["1", "on", "true", "yes"];
const OFF = ["0", "off", "false", "no"];
/** A switch: 1/on/true/yes or 0/off/false/no (any case). */
const onOff = z
  .string()
  .transform((v) => v.toLowerCase())
  .refine((v) => ON.includes(v) || OFF.includes(v), "1 (on) or 0 (off) is required")
  .transform((v) => ON.includes(v));

const oneOf = <const T extends readonly [string, ...string[]]>(...values: T) =>
  z.enum(values, { error: `one of ${values.join(", ")} is required` });

const urlWith = (protocols: string[], what: string) =>
  z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `${what} is required`);
const httpUrl = urlWith(["http:", "https:"], "an http(s) URL");

const ENVIRONMENTS = oneOf("development", "production", "test");
const LOG_LEVELS = oneOf("fatal", "error", "warn", "info", "debug", "trace", "silent");

// ---- the table ---------------------------------------------------------------------------------------------

/** Read by the service, with a default. */
const read = <T>(group: Group, type: z.ZodType<T>, fallback: string, doc: string) => ({
  group,
  type,
  default: fallback,
  doc,
});
/** Read by the service, unset unless given. */
const maybe = <T>(group: Group, type: z.ZodType<T>, doc: string, secret = false) => ({ group, type, doc, secret });
/** Read only by scripts, tests or a tool's config file: documented here, parsed where it is read. */
const tool = (group: Group, fallback: string | undefined, doc: string) => ({ group, default: fallback, doc });

/** Every variable, in `.env.example`'s order (by group, then as listed). */
export const VARIABLES = {
  // Server
  PORT: tool("Server", "3000", "Port of the app server (npm start, npm run dev)."),
  NODE_ENV: read(
    "Server",
    ENVIRONMENTS,
    "development",
    "development, production or test; the app server sets it (production under npm start, development under npm run dev).",
  ),
  APP_ENV: maybe(
    "Server",
    ENVIRONMENTS,
    "Set by npm start: the NODE_ENV you gave it (the app server forces production); production rules read it first.",
  ),
  LOG_LEVEL: maybe(
    "Server",
    LOG_LEVELS,
    "pino level: fatal, error, warn, info, debug, trace or silent; unset: info (silent under NODE_ENV=test).",
  ),
  TRUST_PROXY: tool(
    "Server",
    undefined,
    "Your proxies, whose X-Forwarded-For is read: a hop count (1), or addresses, CIDR ranges and loopback; unset: none.",
  ),
  COMPRESS: tool("Server", "0", "1: Next.js gzips responses (off by default: the TLS proxy in front compresses)."),
  NO_WORKER: tool("Server", "0", "1: npm start leaves out the billing worker (e.g. when workers run elsewhere)."),
  SHUTDOWN_GRACE_MS: read(
    "Server",
    wholeNumber(0),
    "10000",
    "On SIGTERM: how long the app finishes requests in flight and the worker its jobs before they stop anyway.",
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: maybe(
    "Server",
    httpUrl,
    "OpenTelemetry collector (OTLP over HTTP, e.g. http://otel-collector:4318): traces are sent there; unset: no traces.",
  ),
  OTEL_TRACES_EXPORTER: maybe(
    "Server",
    oneOf("otlp", "console", "none"),
    "otlp (to OTEL_EXPORTER_OTLP_ENDPOINT, default localhost:4318), console (stdout) or none; unset: otlp if an endpoint is set.",
  ),
  OTEL_SERVICE_NAME: read(
    "Server",
    z.string(),
    "subscription-contracts",
    "service.name of the spans (traces on only).",
  ),
  OTEL_EXPORTER_OTLP_HEADERS: tool(
    "Server",
    undefined,
    "Headers of each OTLP export, e.g. authorization=Bearer%20<token> (read by the exporter itself).",
  ),

  // Database
  DATABASE_URL: maybe(
    "Database",
    urlWith(["postgres:", "postgresql:"], "a postgresql:// URL"),
    "PostgreSQL (directly or via a session-mode pooler); unset: npm start and npm test run an embedded one and set it.",
    true,
  ),
  DATABASE_REPLICA_URL: maybe(
    "Database",
    urlWith(["postgres:", "postgresql:"], "a postgresql:// URL"),
    "A streaming replica of DATABASE_URL: lists, analytics, exports and the forecast read from it, except for an account whose last change it has not replayed yet; unset: every read goes to DATABASE_URL.",
    true,
  ),
  EMBEDDED_DATABASE: read(
    "Database",
    onOff,
    "0",
    "Set by npm start: 1 when DATABASE_URL is its embedded server (the production requirements skip that one).",
  ),
  DB_POOL_SIZE: read("Database", wholeNumber(), "10", "Connections in each process's Prisma pool."),
  DB_FAST_POOL_SIZE: read(
    "Database",
    wholeNumber(),
    "4",
    "Connections in each process's raw pg pool for the hot single-row reads (API keys, catalog version).",
  ),
  DB_CONNECT_TIMEOUT_MS: read(
    "Database",
    wholeNumber(),
    "3000",
    "Milliseconds to wait for a PostgreSQL connection before failing (the API answers 503).",
  ),
  DB_STATEMENT_TIMEOUT_MS: read("Database", wholeNumber(), "30000", "Milliseconds a statement may run."),
  DB_REBUILD_TIMEOUT_MS: read(
    "Database",
    wholeNumber(),
    "900000",
    "Milliseconds a rebuild of an account's analytics tables may run (a million contracts take minutes).",
  ),
  DB_TX_MAX_WAIT_MS: read(
    "Database",
    wholeNumber(),
    "10000",
    "Milliseconds a transaction waits for a pooled connection before failing (503).",
  ),
  DB_TX_TIMEOUT_MS: read("Database", wholeNumber(), "15000", "Milliseconds a transaction may run."),
  HEALTH_TIMEOUT_MS: read(
    "Database",
    wholeNumber(),
    "2000",
    "Milliseconds GET /api/health waits for the database before answering 503.",
  ),
  PG_BIN_DIR: tool(
    "Database",
    undefined,
    "Directory of pg_dump and pg_restore for npm run cli -- backup / restore; unset: found beside PostgreSQL or on PATH.",
  ),
  EMBEDDED_PG_PORT: tool("Database", "54329", "Port of the embedded PostgreSQL."),
  EMBEDDED_PG_SHARED_DIR: tool(
    "Database",
    "/var/tmp",
    "Where the embedded server's binaries and data go when run as root from a private (0700) directory.",
  ),

  // Secrets and public URLs
  NEXTAUTH_SECRET: maybe(
    "Secrets and public URLs",
    z.string(),
    "Signs console sessions (e.g. openssl rand -base64 32); unset with APP_SECRET: generated, kept in the database.",
    true,
  ),
  APP_SECRET: maybe(
    "Secrets and public URLs",
    z.string(),
    "Signs preview and CSRF tokens; either secret alone serves both (a derived key for the other).",
    true,
  ),
  NEXTAUTH_URL: maybe(
    "Secrets and public URLs",
    httpUrl,
    "The console's URL for next-auth (https makes its cookies Secure); npm start defaults it to http://localhost:PORT.",
  ),
  NEXTAUTH_URL_DEFAULTED: read(
    "Secrets and public URLs",
    onOff,
    "0",
    "Set by npm start: 1 when it filled in NEXTAUTH_URL itself (then not a configured public URL).",
  ),
  APP_URL: maybe(
    "Secrets and public URLs",
    httpUrl,
    "Public base of absolute URLs in answers (checkout_url, links); unset: the request's host (not in production).",
  ),
  METRICS_TOKEN: maybe(
    "Secrets and public URLs",
    z.string(),
    "Bearer token of GET /api/metrics (Prometheus); unset: the endpoint answers 404.",
    true,
  ),
  PUBLIC_URL: maybe(
    "Secrets and public URLs",
    httpUrl,
    "Base of subscriber_page unless an account sets subscriber_url; after APP_URL, the base of absolute URLs.",
  ),

  // Behaviour
  AUTH_CACHE: read(
    "Behaviour",
    onOff,
    "on",
    "off: API keys are read from the database on every request (tests that write key rows directly).",
  ),
  WEBHOOKS_ALLOW_LOOPBACK: read(
    "Behaviour",
    onOff,
    "0",
    "1: webhook endpoints may use loopback addresses (127.0.0.0/8, ::1) for local development; ignored in production.",
  ),
  SANDBOX_PROCESSOR_CALLBACKS: read(
    "Behaviour",
    onOff,
    "on",
    "off: the sandbox vendor B processor does not confirm drop-ins by its own webhook (tests that send it).",
  ),

  // Notice e-mails
  SMTP_URL: maybe(
    "Notice e-mails",
    z.string().trim(),
    "SMTP server of the worker's dunning e-mails (e.g. smtps://user:pass@smtp.example.com:465); unset: none sent.",
    true,
  ),
  NOTICES_FROM: maybe(
    "Notice e-mails",
    z.string().trim(),
    'Sender of dunning e-mails (e.g. "Shop <billing@shop.example>"); needed with SMTP_URL.',
  ),

  // Billing worker
  TICK_SECONDS: read("Billing worker", wholeNumber(), "5", "Seconds between the worker's billing ticks."),
  WORKER_CONCURRENCY: read("Billing worker", wholeNumber(), "2", "Chunks of due contracts a worker bills at once."),
  WEBHOOK_TIMEOUT_MS: read(
    "Billing worker",
    wholeNumber(100),
    "10000",
    "Milliseconds a webhook attempt may take (DNS, connect, headers and body) before it counts as timed out.",
  ),
  WEBHOOK_MAX_IN_FLIGHT: read(
    "Billing worker",
    wholeNumber(),
    "64",
    "Webhook attempts one worker process sends at once, across endpoints (one endpoint gets at most half).",
  ),
  WEBHOOK_MAX_CONCURRENCY: read(
    "Billing worker",
    wholeNumber(),
    "32",
    "Ceiling of an endpoint's adaptive concurrency window (attempts at once across all workers; it starts at 2).",
  ),

  // Seed and demo shop
  SEED_SECRET_KEY: maybe(
    "Seed and demo shop",
    z.string(),
    "The demo account's secret API key (sk_test_…); unset: generated.",
    true,
  ),
  SEED_PUBLIC_KEY: maybe("Seed and demo shop", z.string(), "The demo account's public API key; unset: generated."),
  SEED_OTHER_SECRET_KEY: maybe(
    "Seed and demo shop",
    z.string(),
    "The second demo account's secret API key; unset: generated.",
    true,
  ),
  SEED_TOKEN: maybe(
    "Seed and demo shop",
    z.string(),
    "The demo account's legacy Token credential; unset: generated.",
    true,
  ),
  SEED_ADMIN_PASSWORD: maybe(
    "Seed and demo shop",
    z.string(),
    "Password of the seeded console users; unset: demo-password.",
    true,
  ),
  SEED_KEYS_FILE: read(
    "Seed and demo shop",
    z.string(),
    ".data/demo-keys.json",
    "Where the seed writes the demo keys (npm start prints them from it); none: no file.",
  ),
  DEMO_SHOP_PORT: read(
    "Seed and demo shop",
    wholeNumber(),
    "4000",
    "Port of npm run demo:shop; the seeded demo sales channels allow its origin.",
  ),
  DEMO_SHOP_HOST: tool("Seed and demo shop", "localhost", "Interface npm run demo:shop listens on."),
  DEMO_SECRET_KEY: tool(
    "Seed and demo shop",
    undefined,
    "Secret key npm run demo:shop uses; unset: SEED_SECRET_KEY, else the seed's keys file.",
  ),

  // Tests and tooling
  SKIP_BUILD: tool("Tests and tooling", "0", "1: npm start and the browser tests reuse the existing .next build."),
  TEST_DATABASE_URL: tool(
    "Tests and tooling",
    undefined,
    "PostgreSQL server npm test creates its databases on; unset: a throw-away embedded server.",
  ),
  TEST_PG_ADMIN_URL: tool("Tests and tooling", undefined, "Set by npm test: the server test databases are made on."),
  TEST_DB_TEMPLATE: tool(
    "Tests and tooling",
    "sc_template",
    "Set by npm test: the migrated database each test file's database is cloned from.",
  ),
  FUZZ_RUNS: tool("Tests and tooling", "10", "Runs per operation of the fuzz suite (tests/fuzz)."),
  FUZZ_SEED: tool("Tests and tooling", "20261123", "Seed of the fuzz suite's random inputs."),
  CRASH_CONTRACTS: tool("Tests and tooling", "60", "Contracts of the worker crash test (tests/billing/crash.test.ts)."),
  CRASH_MONTHS: tool("Tests and tooling", "6", "Months of billing the worker crash test runs."),
  RECORD_EXAMPLES: tool(
    "Tests and tooling",
    "0",
    "1: tests/openapi-examples.test.ts records the OpenAPI examples (npm run openapi:examples).",
  ),
  E2E_BASE_URL: tool(
    "Tests and tooling",
    "http://localhost:3000",
    "The app the browser tests drive (npm test sets it).",
  ),
  CHROMIUM_PATH: tool("Tests and tooling", "/usr/bin/chromium", "The browser Playwright runs."),
  PRISMA_SCHEMA_ENGINE_BINARY: tool(
    "Tests and tooling",
    undefined,
    "Prisma's schema engine; prisma.config.ts points it at the wasm shim when no native engine is installed.",
  ),
  PRISMA_ENGINE_SHIM_NOTED: tool(
    "Tests and tooling",
    undefined,
    "Set by prisma.config.ts once it said the wasm engine is used, so child commands stay quiet.",
  ),
  DEBUG_SCHEMA_ENGINE: tool("Tests and tooling", undefined, "Set: the wasm schema engine logs its protocol to stderr."),
  SHIM_TRACE: tool("Tests and tooling", undefined, "A file the schema engine shim appends each call's arguments to."),

  // Soak and benchmarks
  SOAK_MINUTES: tool("Soak and benchmarks", "3", "Minutes of npm run soak."),
  SOAK_CLOCK_SECONDS: tool("Soak and benchmarks", "10", "Seconds per month of the soak's moving test clock."),
  SOAK_CLIENTS: tool("Soak and benchmarks", "4", "Concurrent clients of the soak."),
  SOAK_DRAIN_SECONDS: tool(
    "Soak and benchmarks",
    "120",
    "Seconds the soak waits after its load for overdue contracts and unpublished events to drain (left: errors).",
  ),
  SOAK_API_KEY: tool(
    "Soak and benchmarks",
    undefined,
    "soak --target: a test-mode account's secret key on the target.",
  ),
  SOAK_CUSTOMER_REFERENCE: tool(
    "Soak and benchmarks",
    "cust-1001",
    "The customer of the soak's new contracts (on a target, one of that account's references).",
  ),
  BENCH_DELIVERIES: tool("Soak and benchmarks", "5000", "bench:webhooks: deliveries to the mostly-fast endpoint."),
  BENCH_SLOW_PCT: tool(
    "Soak and benchmarks",
    "3",
    "bench:webhooks: percent of that endpoint's requests that are slow.",
  ),
  BENCH_SLOW_MS: tool("Soak and benchmarks", "2000", "bench:webhooks: how slow they are (ms)."),
  BENCH_BACKLOG: tool("Soak and benchmarks", "200", "bench:webhooks: deliveries to the always-slow endpoint."),
  BENCH_CLOCK_SPEED: tool(
    "Soak and benchmarks",
    "6",
    "bench:webhooks: how much faster than real time delivery's clock runs.",
  ),
  BENCH_WEBHOOK_SECONDS: tool("Soak and benchmarks", "150", "bench:webhooks: seconds of delivery measured."),
  BENCH_URL: tool(
    "Soak and benchmarks",
    undefined,
    "bench:quote: an already running app (same database) instead of starting one.",
  ),
  BENCH_N: tool("Soak and benchmarks", "2000", "bench:quote: quotes of the in-process measurement."),
  BENCH_SECONDS: tool("Soak and benchmarks", "2", "bench:quote: seconds per round."),
  BENCH_ROUNDS: tool("Soak and benchmarks", "15", "bench:quote: alternating rounds per route."),
  BENCH_CONCURRENCY: tool("Soak and benchmarks", "16", "bench:quote: concurrent keep-alive clients."),
  BENCH_NODE_FLAGS: tool("Soak and benchmarks", undefined, "bench:quote: extra node flags of the app server."),
  BENCH_PROFILE: tool("Soak and benchmarks", undefined, "bench:quote: a directory for the app server's CPU profile."),
  BENCH_HOLD: tool(
    "Soak and benchmarks",
    undefined,
    "bench:quote: keeps the app up, writing its URL, key and body to this file.",
  ),
  BENCH_CONTRACTS: tool(
    "Soak and benchmarks",
    "100000",
    "bench:billing, bench:admin, bench:forecast: contracts seeded.",
  ),
  BENCH_WORKERS: tool("Soak and benchmarks", "1,4", "bench:billing: worker process counts measured."),
  BENCH_POPULATE_ONLY: tool("Soak and benchmarks", undefined, "bench:billing: set: seed the contracts and stop."),
  BENCH_CPU_PROF: tool("Soak and benchmarks", undefined, "bench:billing: a folder for each worker's V8 CPU profile."),
  BENCH_SQL_PROFILE: tool(
    "Soak and benchmarks",
    undefined,
    "bench:billing-cpu: set: each statement's count and time as well.",
  ),
  BENCH_ITERATIONS: tool("Soak and benchmarks", "30", "bench:admin: calls per console query."),
  BENCH_ONLY: tool("Soak and benchmarks", undefined, "bench:admin: only queries starting with these words (a,b)."),
  BENCH_REUSE: tool("Soak and benchmarks", "0", "bench:admin, bench:forecast: 1 reuses the database seeded earlier."),
} satisfies Record<string, Documented | Typed<unknown>>;

type Table = typeof VARIABLES;
type ServiceName = { [K in keyof Table]: Table[K] extends { type: z.ZodType } ? K : never }[keyof Table];
type ValueOf<V> = V extends { type: z.ZodType<infer T>; default: string }
  ? T
  : V extends { type: z.ZodType<infer T> }
    ? T | undefined
    : never;

/** The service's configuration: every variable it reads, typed, with its default applied. */
export type Config = { readonly [K in ServiceName]: ValueOf<Table[K]> };

const SERVICE = Object.entries(VARIABLES).filter((e): e is [ServiceName, Table[ServiceName]] => "type" in e[1]);

// ---- parsing -----------------------------------------------------------------------------------------------

/** The configuration cannot be used: one line per variable, naming it and what is wrong (never a secret's value). */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration (.env.example lists every variable): ${problems.join("; ")}`);
    this.name = "ConfigError";
  }
}

/** `env` parsed: typed values, defaults for the unset; a ConfigError names every variable that does not parse. */
export function parseConfig(env: Env): Config {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, variable] of SERVICE) {
    const raw = env[name] || ("default" in variable ? variable.default : undefined);
    if (raw === undefined) continue;
    const parsed = (variable.type as z.ZodType).safeParse(raw);
    if (parsed.success) values[name] = parsed.data;
    else {
      const got = "secret" in variable && variable.secret ? "" : ` (got ${JSON.stringify(raw)})`;
      problems.push(`${name}: ${parsed.error.issues[0]?.message ?? "invalid"}${got}`);
    }
  }
  if (problems.length) throw new ConfigError(problems);
  return Object.freeze(values) as Config;
}

let current: Config | undefined;

/**
 * This process's configuration, parsed from process.env on first use and kept: reading it costs no more than a
 * property (hot paths such as getDb() call it on every use). Throws a ConfigError while a variable does not parse.
 */
export function config(): Config {
  current ??= parseConfig(process.env);
  return current;
}

/**
 * Parses process.env again: for scripts and tests that change a variable after start (a test file's own
 * database, a switch a test turns on). Nothing else changes the environment of a running service.
 */
export function reloadConfig(): Config {
  current = undefined;
  return config();
}

// ---- production requirements -------------------------------------------------------------------------------

/**
 * The environment the operator asked for is production: APP_ENV (npm start passes the NODE_ENV it was given on,
 * since the app server forces NODE_ENV=production), else NODE_ENV, so a bare `next start` counts as production.
 */
export function productionEnvironment(cfg: Config = config()): boolean {
  return (cfg.APP_ENV ?? cfg.NODE_ENV) === "production";
}

/**
 * A production deployment: a production environment with an external DATABASE_URL (not the embedded database
 * `npm start` provides, which it marks with EMBEDDED_DATABASE=1). Development conveniences end there.
 */
export function productionDeployment(cfg: Config = config()): boolean {
  return productionEnvironment(cfg) && !!cfg.DATABASE_URL && !cfg.EMBEDDED_DATABASE;
}

/** Problem that must stop the service from starting for want of secrets, or null when the configuration is acceptable. */
export function secretsConfigProblem(cfg: Config = config()): string | null {
  if (productionDeployment(cfg) && !(cfg.NEXTAUTH_SECRET || cfg.APP_SECRET)) {
    return "Refusing to start: NODE_ENV=production with an external DATABASE_URL needs NEXTAUTH_SECRET (or APP_SECRET), a long random value (e.g. `openssl rand -base64 32`); secrets are generated and stored in the database only for development and the embedded database.";
  }
  return null;
}

/**
 * Problem that must stop the service for want of APP_URL: absolute URLs the API hands out (checkout_url,
 * hosted_url, widget and subscriber pages, pagination links) would otherwise follow the request's Host
 * header, which any client writes (server/publicUrl.ts). Development keeps that fallback.
 */
export function appUrlConfigProblem(cfg: Config = config()): string | null {
  if (productionDeployment(cfg) && !cfg.APP_URL) {
    return "Refusing to start: NODE_ENV=production with an external DATABASE_URL needs APP_URL, the service's public base URL (e.g. https://billing.example.com): absolute URLs in answers are built on it, never on the request's Host header.";
  }
  return null;
}

/**
 * Every reason to refuse to start, in the order an operator fixes them (variables that do not parse, then the
 * production requirements); empty when none. The app's boot check (instrumentation.ts) runs it.
 */
export function startupProblems(env: Env = process.env): string[] {
  let cfg: Config;
  try {
    cfg = parseConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems.map((p) => `Refusing to start: ${p}.`);
    throw e;
  }
  return [secretsConfigProblem(cfg), appUrlConfigProblem(cfg)].filter((p): p is string => p !== null);
}

// ---- .env.example ------------------------------------------------------------------------------------------

/** The text of `.env.example`: per group, each variable's meaning and then the variable with its default, commented out. */
export function renderEnvExample(): string {
  const lines = [
    "# Every environment variable the service, its scripts and its tests read: a line of meaning, then the",
    '# variable with its default (nothing after "=": unset). Every line is a comment, so a copy of this file',
    "# changes nothing until a line is uncommented. Secrets have no default; never commit real values.",
    "# Rendered from server/config.ts by `npm run env:example`; npm test fails when the two differ.",
  ];
  for (const group of GROUPS) {
    lines.push("", `# ==== ${group} ====`);
    for (const [name, variable] of Object.entries(VARIABLES)) {
      if (variable.group !== group) continue;
      const fallback = "default" in variable ? variable.default : undefined;
      lines.push("", `# ${variable.doc}`, `# ${name}=${fallback ?? ""}`);
    }
  }
  return `${lines.join("\n")}\n`;
}
