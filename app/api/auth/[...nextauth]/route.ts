import NextAuth from "next-auth";
import { getAuthOptions } from "@/server/auth/options";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

// options per request: the secret may come from the database, cookies are Secure over HTTPS
async function handler(req: Request, context: Context) {
  return NextAuth(req as never, context as never, await getAuthOptions(req.headers));
}

export { handler as GET, handler as POST };
