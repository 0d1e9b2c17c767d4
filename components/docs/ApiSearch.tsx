"use client";
// Search over the whole reference: loads the small JSON index (/docs/api/search-index.json) on first
// use and lists the operations whose method, path, summary or resource contain every typed word.
import { useEffect, useState } from "react";
import type { SearchEntry } from "./reference";

const MAX_RESULTS = 30;

export function ApiSearch({ total }: { total: number }) {
  const [query, setQuery] = useState("");
  const [index, setIndex] = useState<SearchEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!query.trim() || index || failed) return;
    fetch("/docs/api/search-index.json")
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(String(res.status)))))
      .then(setIndex, () => setFailed(true));
  }, [query, index, failed]);
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = index
    ? index.filter((entry) => {
        const text = `${entry.method} ${entry.path} ${entry.summary} ${entry.resource}`.toLowerCase();
        return words.every((word) => text.includes(word));
      })
    : [];
  let status = `${total} operations`;
  if (words.length)
    status = failed ? "Search is unavailable" : index ? `${matches.length} of ${total} operations match` : "Searching…";
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
        {status}
      </p>
      {words.length && matches.length ? (
        <ul className="max-w-3xl divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
          {matches.slice(0, MAX_RESULTS).map((entry) => (
            <li key={entry.href} data-testid="search-result">
              <a href={entry.href} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 hover:bg-slate-50">
                <span className="w-14 font-mono text-xs font-bold">{entry.method}</span>
                <code className="min-w-0 break-all font-mono text-xs" data-testid="search-result-path">
                  {entry.path}
                </code>
                <span className="text-slate-600">{entry.summary}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
