// Preloaded into `next start` / `next dev` (NODE_OPTIONS --require, scripts/lib/nextEnv.mjs) before Next.js
// replaces the global Date with a wrapper that notices clock reads during prerendering. The wrapper makes
// every `new Date(ms)` several times slower, and the forecast builds millions of instants from numbers, which
// read no clock: server/domain/instant.ts builds those with the native constructor kept here.
globalThis[Symbol.for("subscription-contracts.nativeDate")] ??= Date;
