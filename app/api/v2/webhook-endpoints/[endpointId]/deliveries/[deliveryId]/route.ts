import { handle } from "@/server/http/registry";

export const dynamic = "force-dynamic";

export const GET = handle("/v2/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/", "GET");
