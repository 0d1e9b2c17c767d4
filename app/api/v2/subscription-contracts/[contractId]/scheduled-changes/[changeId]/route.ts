import { handle } from "@/server/http/registry";

export const dynamic = "force-dynamic";

export const DELETE = handle("/v2/subscription-contracts/{contractId}/scheduled-changes/{changeId}/", "DELETE");
