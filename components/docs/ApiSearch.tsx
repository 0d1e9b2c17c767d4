"use client";
// A client-side filter over the reference's operations: hides every element marked `data-op-search`
// whose text (method, path, summary, tag) does not contain all the typed words, and tag sections left
// empty. The page stays server-rendered; this only toggles `hidden`.
import { useEffect, useState } from "react";

function applyFilter(query: string): number {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  let shown = 0;
  for (const el of document.querySelectorAll<HTMLElement>("[data-op-search]")) {
    const hay = (el.dataset.opSearch ?? "").toLowerCase();
    const match = words.every((w) => hay.includes(w));
    el.hidden = !match;
    if (match && el.dataset.testid === "operation") shown++;
  }
  for (const group of document.querySelectorAll<HTMLElement>("[data-op-group]")) {
    group.hidden = words.length > 0 && !group.querySelector("[data-op-search]:not([hidden])");
  }
  const schemas = document.getElementById("schemas");
  if (schemas) schemas.hidden = words.length > 0;
  return shown;
}

export function ApiSearch({ total }: { total: number }) {
  const [query, setQuery] = useState("");
  const [shown, setShown] = useState(total);
  useEffect(() => setShown(applyFilter(query)), [query]);
  return (
    <div className="space-y-1" role="search">
      <label htmlFor="api-search" className="block text-sm font-medium text-slate-800">
        Search the API reference
      </label>
      <input
        id="api-search"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="e.g. contracts pause, POST /v2/customers/"
        autoComplete="off"
        className="w-full max-w-xl rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-200"
      />
      <p className="text-xs text-slate-700" role="status" data-testid="api-search-count">
        {query.trim() ? `${shown} of ${total} operations match` : `${total} operations`}
      </p>
    </div>
  );
}
