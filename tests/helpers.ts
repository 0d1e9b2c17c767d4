// Test helpers: the seeded demo data of this file's database, and an in-process REST client that
// goes through the real route files (auth, parsing, errors) without an HTTP server; every answer it sees
// is checked against the OpenAPI document (openapi-check.ts).
import path from "node:path";
import { afterEach, beforeAll } from "vitest";
import { fixedClock, systemClock } from "@/server/clock";
import { getDb } from "@/server/db";
import type { Ctx, SystemCtx } from "@/server/domain/context";
import { endpoints } from "@/server/http/registry";
import { setClockForTests } from "@/server/requestClock";
import { type SeedResult, seedDemo } from "@/server/seed/demo";
import { checkAnswer } from "./openapi-check";

export const BASE = "http://test.local/api";
let seeded: Promise<SeedResult> | undefined;

/** Demo data (two accounts, catalog, keys), created once per test file. */
export const seed = () =>
  (seeded ??= seedDemo(getDb(), {
    secretKey: "sk_test_demo_secret",
    publicKey: "pk_test_demo_public",
    tokenKey: "legacytoken123",
    otherSecretKey: "sk_test_other_secret",
  }));

export const db = () => getDb();
/** Context for cross-account work (webhook fan-out and delivery) on real time. */
export const systemCtx = (): SystemCtx => ({ db: getDb(), clock: systemClock });
export const ctxFor = (accountId: number, at?: Date | string): Ctx => ({
  db: getDb(),
  accountId,
  clock: at ? fixedClock(at) : systemClock,
  baseUrl: "http://test.local",
});

/** Seeds this file's database once before its tests (`take` receives the result) and unpins the request clock after each test. */
export function useSeed(load: () => Promise<SeedResult>, take: (r: SeedResult) => void) {
  beforeAll(async () => take(await load()));
  afterEach(() => setRequestTime(null));
}

/** Pins the clock of REST calls (null = real time). */
export function setRequestTime(at: Date | string | null) {
  setClockForTests(at ? fixedClock(at) : null);
}

function matchRoute(pathname: string) {
  const clean = pathname.endsWith("/") ? pathname : `${pathname}/`;
  for (const e of endpoints) {
    const names: string[] = [];
    const re = new RegExp(`^${e.path.replace(/\{(\w+)\}/g, (_, n) => (names.push(n), "([^/]+)"))}$`);
    const m = re.exec(clean);
    if (m)
      return { pattern: e.path, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])])) };
  }
  return null;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  key?: string | null;
  auth?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

/** Calls `METHOD /api{path}` through the route file under app/api; key defaults to the demo secret key. */
export async function api<T = any>(
  method: string,
  pathWithQuery: string,
  opts: CallOptions = {},
): Promise<ApiResponse<T>> {
  const url = new URL(BASE + pathWithQuery);
  const route = matchRoute(url.pathname.slice("/api".length));
  if (!route) return { status: 404, body: { detail: "No route" } as T, headers: new Headers() };
  const file = path.resolve(`app/api${route.pattern.replace(/\{(\w+)\}/g, "[$1]")}route.ts`);
  const mod = await import(file);
  const handler = mod[method];
  if (!handler) return { status: 405, body: { detail: "Method not allowed" } as T, headers: new Headers() };
  const headers: Record<string, string> = { "content-type": "application/json", ...opts.headers };
  const key = opts.key === undefined ? "sk_test_demo_secret" : opts.key;
  if (opts.auth !== undefined) headers.authorization = opts.auth;
  else if (key) headers.authorization = `Api-Key ${key}`;
  const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const res: Response = await handler(new Request(url, { method, headers, body }), {
    params: Promise.resolve(route.params),
  });
  const text = await res.text();
  const contentType = res.headers.get("content-type");
  // JSON answers parsed; another media type (an export's CSV) is its text
  const json = !contentType || contentType.startsWith("application/json");
  const parsed = json ? (text ? JSON.parse(text) : null) : text;
  checkAnswer(method, route.pattern, res.status, contentType, json ? parsed : null);
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export const get = <T = any>(p: string, o?: CallOptions) => api<T>("GET", p, o);
export const post = <T = any>(p: string, body?: unknown, o?: CallOptions) => api<T>("POST", p, { ...o, body });
export const patch = <T = any>(p: string, body?: unknown, o?: CallOptions) => api<T>("PATCH", p, { ...o, body });
export const del = <T = any>(p: string, o?: CallOptions) => api<T>("DELETE", p, o);

/** A `fetch` that answers `/api/v2/...` requests through the route files in-process (for the SDK's `fetch` option). */
export async function inProcessFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const route = matchRoute(url.pathname.slice("/api".length));
  if (!route) return Response.json({ detail: "No route" }, { status: 404 });
  const file = path.resolve(`app/api${route.pattern.replace(/\{(\w+)\}/g, "[$1]")}route.ts`);
  const handler = (await import(file))[request.method];
  if (!handler) return Response.json({ detail: "Method not allowed" }, { status: 405 });
  const res: Response = await handler(request, { params: Promise.resolve(route.params) });
  const contentType = res.headers.get("content-type");
  if (!contentType?.startsWith("application/json"))
    checkAnswer(request.method, route.pattern, res.status, contentType, null);
  else {
    const text = await res.clone().text();
    checkAnswer(request.method, route.pattern, res.status, contentType, text ? JSON.parse(text) : null);
  }
  return res;
}
