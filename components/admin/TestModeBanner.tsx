"use client";
// Across the top of every console page while the account is in test mode, with the account's clock.
import Link from "next/link";
import { DateTime } from "@/components/ui/DateTime";

export function TestModeBanner({ clockAt }: { clockAt: string }) {
  return (
    <div
      role="status"
      data-testid="test-mode-banner"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-300 px-4 py-1.5 text-center text-sm text-slate-950"
    >
      <strong className="font-semibold">Test mode</strong>
      <span>
        Account clock: <DateTime value={clockAt} testId="test-clock-time" />
      </span>
      <Link href="/admin/billing/test-clock" className="underline">
        Move the clock
      </Link>
    </div>
  );
}
