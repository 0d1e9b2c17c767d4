// Small typographic pieces shared by the guides (no markdown pipeline: the guides are components).
import Link from "next/link";

export const H2 = ({ children }: { children: React.ReactNode }) => (
  <h2 className="pt-4 text-xl font-semibold">{children}</h2>
);
export const Paragraph = ({ children }: { children: React.ReactNode }) => <p className="max-w-3xl">{children}</p>;
export const InlineCode = ({ children }: { children: React.ReactNode }) => (
  <code className="rounded bg-slate-100 px-1 text-[0.9em]">{children}</code>
);
export const Ref = ({ href, children }: { href: string; children: React.ReactNode }) => (
  <Link href={href} className="text-blue-700 underline">
    {children}
  </Link>
);
export const Shell = ({ code }: { code: string }) => (
  <pre tabIndex={0} className="max-w-full overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100">
    <code>{code}</code>
  </pre>
);
