"use client";
// The quote builder's pause before pricing: the value once it has stayed the same for `ms`.
import { useEffect, useMemo, useState } from "react";

/**
 * `value` as it was `ms` after its last change. "The same" is by content: the value is JSON data (an offer
 * body) compared as its JSON text, so a new object with the same fields neither restarts the wait nor
 * changes the answer's identity (the quote query keeps its key).
 */
export function useDebounced<T>(value: T, ms: number): T {
  const text = JSON.stringify(value);
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return useMemo(() => (settled === undefined ? undefined : JSON.parse(settled)), [settled]);
}
