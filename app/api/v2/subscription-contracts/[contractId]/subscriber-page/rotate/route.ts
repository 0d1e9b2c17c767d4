import { handle } from "@/server/http/registry";

export const dynamic = "force-dynamic";

export const POST = handle("/v2/subscription-contracts/{contractId}/subscriber-page/rotate/", "POST");
