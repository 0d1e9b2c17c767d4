// The next-auth route (/api/auth/*): next-auth's handler with options built per request (the secret may come
// from the database, cookies are Secure over HTTPS), and a throttled sign-in answered 429 with Retry-After
// and `{"detail": …}` where next-auth alone would say 401. The body keeps next-auth's `url` (its error page,
// `error=TooManyAttempts`), which the sign-in form reads the message from.

import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { getAuthOptions } from "@/server/auth/options";

type Context = { params: Promise<{ nextauth: string[] }> };

async function throttled(res: Response, retryAfterSeconds: number): Promise<Response> {
  const url: string | null =
    res.headers.get("location") ?? ((await res.json().catch(() => null)) as { url?: string } | null)?.url ?? null;
  const headers = new Headers(res.headers);
  headers.delete("location");
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  headers.set("retry-after", String(retryAfterSeconds));
  const body = { detail: "Too many failed sign-in attempts; try again later.", ...(url ? { url } : {}) };
  return new Response(JSON.stringify(body), { status: 429, headers });
}

export async function signInRoute(req: NextRequest, context: Context): Promise<Response> {
  let retryAfterSeconds: number | null = null;
  const options = await getAuthOptions(req.headers, { onThrottled: (s) => (retryAfterSeconds = s) });
  const res: Response = await NextAuth(req, context, options);
  return retryAfterSeconds === null ? res : throttled(res, retryAfterSeconds);
}
