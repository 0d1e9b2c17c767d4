// Instants from epoch milliseconds for the hot paths (renewal dates, the forecast's rows). Inside `next start`
// the global Date is Next.js's wrapper (it notices clock reads while prerendering), several times slower to
// construct; scripts/lib/nativeDate.cjs keeps the native constructor before Next.js wraps it. A Date built
// from a number reads no clock, and both constructors make the same objects (same prototype).
const kept = (globalThis as Record<symbol, unknown>)[Symbol.for("subscription-contracts.nativeDate")];
const NativeDate: DateConstructor = typeof kept === "function" ? (kept as DateConstructor) : Date;

/** The instant `ms` milliseconds after the epoch. */
export const instantAt = (ms: number): Date => new NativeDate(ms);

/** The latest instant a Date can hold (ECMAScript's limit, 8.64e15 ms after the epoch): "no end". Shared: never mutate it. */
export const END_OF_TIME = instantAt(8.64e15);
