import { handle } from "@/server/http/registry";

export const dynamic = "force-dynamic";

export const GET = handle("/v2/customers/{customerReference}/payment-methods/{paymentMethodId}/", "GET");
export const PATCH = handle("/v2/customers/{customerReference}/payment-methods/{paymentMethodId}/", "PATCH");
export const DELETE = handle("/v2/customers/{customerReference}/payment-methods/{paymentMethodId}/", "DELETE");
