// A code sample with a copy button; long lines scroll inside the block, never the page.
import { CopyCode } from "./CopyCode";

export function CodeBlock({ code, label, testId }: { code: string; label: string; testId?: string }) {
  return (
    <figure className="min-w-0" data-testid={testId}>
      <figcaption className="mb-1 flex items-center justify-between gap-2 text-xs font-medium text-slate-700">
        <span>{label}</span>
        <CopyCode what={label} />
      </figcaption>
      <pre tabIndex={0} role="region" aria-label={label} className="docs-code">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
