// bench:admin's export figures: the account's contracts (and runs) exported as CSV through the same stream
// the REST route and the console's download answer with, read to the end; time, rows, bytes and the growth
// of the live heap (after a full GC every 10 batches) (target: 100,000 contracts under 10 s in constant memory). Prints, asserts nothing.
import v8 from "node:v8";
import vm from "node:vm";
import { getDb } from "@/server/db";
import { accountCtx } from "@/server/domain/accountContext";
import { startExport } from "@/server/domain/exports/stream";

// a full collection now and then shows what the export keeps alive (garbage aside)
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

export async function timeExports(accountId: number) {
  const ctx = await accountCtx(getDb(), accountId);
  console.log(
    "export (CSV, read to the end): seconds, rows, MB written, live heap growth MB (after GC, every 10 batches); target contracts < 10 s",
  );
  for (const [kind, query] of [
    ["contracts", {}],
    ["contract-items", {}],
    ["receipts", { scheduled_from: new Date(Date.now() - 30 * 86_400_000).toISOString() }],
  ] as const) {
    gc();
    const heap0 = process.memoryUsage().heapUsed;
    let chunks = 0;
    let peak = heap0;
    const t0 = performance.now();
    const file = await startExport(ctx, { kind, format: "csv", query });
    const reader = file.body.getReader();
    let bytes = 0;
    let lines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
      if (++chunks % 10 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
    }
    const s = (performance.now() - t0) / 1000;
    console.log(
      `${`exports.${kind}`.padEnd(48)} ${s.toFixed(2).padStart(8)} ${String(lines - 1).padStart(8)} ${(bytes / 1e6).toFixed(1).padStart(7)} ${((peak - heap0) / 1e6).toFixed(1).padStart(7)}${kind === "contracts" && s >= 10 ? "  (over target)" : ""}`,
    );
  }
}
