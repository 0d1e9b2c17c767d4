"use client";
// The copy button of a code block: copies the text of the <pre> in its <figure>, so the code is sent once
// (in the HTML) rather than twice (again as a client component's prop in the page's payload).
import { toast } from "@/components/ui/Toaster";

export function CopyCode({ what }: { what: string }) {
  const copy = async (event: React.MouseEvent<HTMLButtonElement>) => {
    const text = event.currentTarget.closest("figure")?.querySelector("pre")?.textContent ?? "";
    try {
      await navigator.clipboard.writeText(text);
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
