"use client";
// Typed tRPC hooks for client components: `const trpc = useTRPC(); useQuery(trpc.catalog.products.list.queryOptions())`.
import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { AppRouter } from "@/server/trpc/root";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();
