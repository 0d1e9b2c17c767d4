// Session and token fields the console relies on (set in server/auth/options.ts).
import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface User { accountId: number }
  interface Session { userId: number; accountId: number }
}

declare module "next-auth/jwt" {
  interface JWT { userId?: number; accountId?: number }
}
