"use client";
// The copy button of a code block: copies the text of the <pre> in its <figure>, so the code is sent once
// (in the HTML) rather than twice (again as a client component's prop in the page's payload). A word, not
// an icon: the reference repeats it twice per operation.
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
    <button type="button" onClick={copy} aria-label={`Copy ${what}`} title={`Copy ${what}`} className="docs-copy">
      Copy
    </button>
  );
}
