"use client";
// Copies an id or key to the clipboard; accessible name "Copy <what>", a "Copied" toast.
//
//   <CopyButton value={contract.id} what="contract id" />
import { toast } from "./Toaster";

export function CopyButton({ value, what, testId }: { value: string; what: string; testId?: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success("Copied");
    } catch {
      toast.error("Could not copy");
    }
  };
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={`Copy ${what}`}
      title={`Copy ${what}`}
      data-testid={testId}
      className="inline-flex items-center rounded border border-slate-300 px-1.5 py-0.5 text-xs text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 16 16"
        className="h-3.5 w-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <rect x="5" y="5" width="9" height="9" rx="1.5" />
        <path d="M11 5V3.5A1.5 1.5 0 0 0 9.5 2h-6A1.5 1.5 0 0 0 2 3.5v6A1.5 1.5 0 0 0 3.5 11H5" />
      </svg>
    </button>
  );
}
