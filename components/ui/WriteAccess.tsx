"use client";
// Whether the signed-in seller may change anything: the one place console controls ask. The admin layout
// provides it from the user's role (`canMutate`, the same rule that makes tRPC refuse a read-only user's
// mutations); outside the console (subscriber page, card form) nothing provides it and everything is writable.
//
//   <WriteAccessProvider canWrite={canMutate(user.role)}>…
//   <Button writeAction="revoke API keys">Revoke</Button>          // disabled with "Read-only users cannot revoke API keys."
//   <SubmitButton pending={…} writeAction="save settings">Save settings</SubmitButton>
//   const reason = useReadOnlyReason("apply coupons");               // for controls that are not a Button
import { createContext, useContext } from "react";

const WriteAccessContext = createContext(true);

export function WriteAccessProvider({ canWrite, children }: { canWrite: boolean; children: React.ReactNode }) {
  return <WriteAccessContext.Provider value={canWrite}>{children}</WriteAccessContext.Provider>;
}

/** False for a read-only user in the console. */
export const useCanWrite = (): boolean => useContext(WriteAccessContext);

/** Why a read-only user cannot do `action` (words completing "Read-only users cannot …"). */
export const readOnlyReason = (action: string) => `Read-only users cannot ${action}.`;

/** The reason to show on a control that does `action`, or undefined when the signed-in user may do it. */
export function useReadOnlyReason(action: string | undefined): string | undefined {
  const canWrite = useCanWrite();
  return canWrite || action === undefined ? undefined : readOnlyReason(action);
}
