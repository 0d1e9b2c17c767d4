// The reference's sidebar: every resource, and the current resource's operations. Below the lg
// breakpoint it folds into a disclosure above the content, so a phone gets the same links.
import Link from "next/link";
import { type Resource, resourceHref } from "./reference";

export function ApiSidebar({ resources, current }: { resources: Resource[]; current?: string }) {
  const links = (
    <ul className="space-y-1">
      <li>
        <Link href="/docs/api" className="font-semibold text-slate-900 hover:text-blue-700">
          Overview
        </Link>
      </li>
      {resources.map((resource) => (
        <li key={resource.slug}>
          <Link
            href={resourceHref(resource)}
            aria-current={resource.slug === current ? "page" : undefined}
            className="block py-0.5 text-slate-700 hover:text-blue-700 aria-[current=page]:font-semibold aria-[current=page]:text-blue-800"
          >
            {resource.tag} <span className="text-xs text-slate-500">({resource.operations.length})</span>
          </Link>
          {resource.slug === current ? (
            <ul className="mt-1 space-y-1 border-l border-slate-200 pl-3">
              {resource.operations.map((entry) => (
                <li key={entry.anchor}>
                  <a href={`#${entry.anchor}`} className="flex gap-2 text-slate-700 hover:text-blue-700">
                    <span className="w-12 shrink-0 font-mono text-[10px] font-bold uppercase text-slate-600">
                      {entry.method}
                    </span>
                    <span className="truncate">{entry.op.summary ?? entry.path}</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
  return (
    <>
      <details className="rounded border border-slate-200 bg-white p-3 text-sm lg:hidden">
        <summary className="cursor-pointer font-medium">Resources</summary>
        <nav aria-label="API resources (menu)" className="mt-2">
          {links}
        </nav>
      </details>
      <nav
        aria-label="API resources"
        className="sticky top-6 hidden max-h-[calc(100vh-3rem)] w-64 shrink-0 overflow-y-auto text-sm lg:block"
      >
        {links}
      </nav>
    </>
  );
}
