// Session and token fields the console relies on (set in server/auth/options.ts).
import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface User {
    accountId: number;
    sessionVersion: number;
  }
  interface Session {
    userId: number;
    accountId: number;
  }
}

declare module "next-auth/jwt" {
  /** `sv`: the user's session version at sign-in; `signedInAt`: epoch ms of the sign-in. */
  interface JWT {
    userId?: number;
    accountId?: number;
    sv?: number;
    signedInAt?: number;
  }
}
