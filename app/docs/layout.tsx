// Every documentation page: the docs bar, then the page.
import { DocsNav } from "@/components/docs/DocsNav";

export default function DocsLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <DocsNav />
      {children}
    </>
  );
}
