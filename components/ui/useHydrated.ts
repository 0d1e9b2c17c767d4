"use client";
// True once React has hydrated this page. A button whose only behaviour is a click handler renders
// disabled until then: a click before hydration would otherwise do nothing, silently.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
