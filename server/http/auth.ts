// `Authorization: Api-Key <key>` (spec 5) and the older `Token <token>`.
import { type ApiPrincipal, authenticateKey } from "@/server/domain/auth/apiKeys";
import { DomainError } from "@/server/domain/errors";

export type AuthLevel = "secret" | "public" | "none";

export async function authenticate(header: string | null, level: AuthLevel): Promise<ApiPrincipal | null> {
  if (level === "none") return null;
  if (!header) throw new DomainError("unauthenticated", "Authentication credentials were not provided.");
  const m = /^(Api-Key|Token)\s+(\S+)\s*$/i.exec(header.trim());
  if (!m) throw new DomainError("unauthenticated", "Invalid authorization header. Use 'Api-Key <key>'.");
  const principal = await authenticateKey(m[2], m[1].toLowerCase() === "token" ? "token" : "api-key");
  if (!principal) throw new DomainError("unauthenticated", "Invalid API key.");
  if (level === "secret" && principal.kind === "public")
    throw new DomainError("forbidden", "This operation requires the secret API key.");
  return principal;
}
