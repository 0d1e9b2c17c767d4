"use client";
// Session + React Query + tRPC for the admin console.
import { QueryCache, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import type { Session } from "next-auth";
import { SessionProvider } from "next-auth/react";
import { useState } from "react";
import { trpcErrorCode } from "@/components/ui/errors";
import type { AppRouter } from "@/server/trpc/root";
import { transformer } from "@/server/trpc/transformer";
import { TRPCProvider } from "./client";
import { ConsoleQueryClient } from "./consoleQueryClient";

const NO_RETRY = new Set(["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "CONFLICT"]);

function makeQueryClient() {
  return new ConsoleQueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (failures, error) => !NO_RETRY.has(trpcErrorCode(error) ?? "") && failures < 2,
      },
    },
    // a session that ended while the page was open: back to the sign-in page
    queryCache: new QueryCache({
      onError: (error) => {
        if (trpcErrorCode(error) === "UNAUTHORIZED" && typeof window !== "undefined") window.location.assign("/login");
      },
    }),
  });
}

export function AdminProviders({ session, children }: { session: Session | null; children: React.ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "/api/trpc", transformer })] }),
  );
  return (
    <SessionProvider session={session}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    </SessionProvider>
  );
}
