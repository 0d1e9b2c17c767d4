// The signed-in seller for server components and the tRPC context (null when signed out).
import { getServerSession } from "next-auth";
import { authOptions } from "./options";

export interface SellerSession { userId: number; accountId: number; email: string | null; name: string | null }

export async function getSellerSession(): Promise<SellerSession | null> {
  const session = await getServerSession(authOptions);
  if (!session?.accountId) return null;
  return { userId: session.userId, accountId: session.accountId, email: session.user?.email ?? null, name: session.user?.name ?? null };
}
