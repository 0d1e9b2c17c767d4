"use client";
// Across the top of every console page while the account is in test mode, with the account's clock: the
// layout's reading, or the newer one the console has since (billing.clock, which the test clock panel
// updates after each step of a move), so the banner moves with the clock.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/client";
import { DateTime } from "@/components/ui/DateTime";

export function TestModeBanner({ clockAt }: { clockAt: string }) {
  const trpc = useTRPC();
  // no fetch of its own: the page's reading is fresh, and the clock only moves forward
  const clock = useQuery({ ...trpc.billing.clock.queryOptions(), enabled: false });
  const now = clock.data && clock.data.now > clockAt ? clock.data.now : clockAt;
  return (
    <div
      role="status"
      data-testid="test-mode-banner"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-300 px-4 py-1.5 text-center text-sm text-slate-950"
    >
      <strong className="font-semibold">Test mode</strong>
      <span>
        Account clock: <DateTime value={now} testId="test-clock-time" />
      </span>
      <Link href="/admin/billing/test-clock" className="underline">
        Move the clock
      </Link>
    </div>
  );
}
