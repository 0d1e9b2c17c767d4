"use client";
// The signed-in user at the top of the console: who, their role, sign out, and "sign out everywhere"
// (ends every session of the user, on all devices: it asks first).
import { useMutation } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/Button";
import { DialogLoading } from "@/components/ui/DialogLoading";
import { useHydrated } from "@/components/ui/useHydrated";

// the dialog (Radix Dialog) loads when it is opened, not with every console page (bench:admin's JS per page)
const ConfirmDialog = dynamic(() => import("@/components/ui/Dialog").then((m) => m.ConfirmDialog), {
  ssr: false,
  loading: DialogLoading,
});

const ROLE_LABEL: Record<string, string> = { owner: "owner", admin: "admin", read_only: "read-only" };
/** Signs out and goes to this host's sign-in page (next-auth's own redirect would use NEXTAUTH_URL's host). */
async function signOutHere() {
  await signOut({ redirect: false });
  window.location.assign("/login");
}

export function UserMenu({ userLabel, role }: { userLabel: string; role: string | null }) {
  const trpc = useTRPC();
  const [confirming, setConfirming] = useState(false);
  const hydrated = useHydrated();
  const everywhere = useMutation(trpc.session.signOutEverywhere.mutationOptions({ onSettled: () => signOutHere() }));
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="text-sm text-slate-700" data-testid="signed-in-user">
        {userLabel}
      </span>
      {role ? (
        <span
          className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800"
          data-testid="signed-in-role"
          title="Your role in this account"
        >
          {ROLE_LABEL[role] ?? role}
        </span>
      ) : null}
      <Button
        onClick={() => setConfirming(true)}
        disabled={!hydrated}
        size="sm"
        data-testid="sign-out-everywhere"
        // the server counts it as a change like any other (tRPC refuses it to read-only users)
        writeAction="end sessions on other devices"
      >
        Sign out everywhere
      </Button>
      {confirming ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Sign out everywhere?"
          testId="sign-out-everywhere-dialog"
          description="This ends every session of your user, on all devices and browsers, including this one."
          confirmLabel="Sign out on all devices"
          pendingLabel="Signing out…"
          tone="danger"
          pending={everywhere.isPending || everywhere.isSuccess}
          onConfirm={() => everywhere.mutate()}
        />
      ) : null}
      <Button onClick={() => signOutHere()} disabled={!hydrated} size="sm" data-testid="sign-out">
        Sign out
      </Button>
    </div>
  );
}
