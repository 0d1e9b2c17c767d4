// next-auth v4 configuration: seller users sign in with email + password; the session is a JWT
// carrying the user id and the account id every console query is scoped to.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { verifyCredentials } from "./users";

export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt", maxAge: 8 * 60 * 60 },
  pages: { signIn: "/login", error: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
      },
      async authorize(credentials) {
        const user = await verifyCredentials(credentials?.email ?? "", credentials?.password ?? "");
        if (!user) return null;
        return { id: String(user.id), email: user.email, name: user.name || user.email, accountId: user.accountId };
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        token.userId = Number(user.id);
        token.accountId = user.accountId;
      }
      return token;
    },
    session({ session, token }) {
      session.userId = token.userId ?? 0;
      session.accountId = token.accountId ?? 0;
      return session;
    },
  },
};
