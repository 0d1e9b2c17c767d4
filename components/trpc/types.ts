import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/root";

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type ProductDetail = RouterOutputs["catalog"]["products"]["get"];
export type Price = ProductDetail["prices"][number];
export type PriceVersion = Price["versions"][number];
