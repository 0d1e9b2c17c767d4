const COLORS: Record<string, string> = {
  get: "bg-emerald-100 text-emerald-800",
  post: "bg-blue-100 text-blue-800",
  put: "bg-amber-100 text-amber-800",
  patch: "bg-amber-100 text-amber-800",
  delete: "bg-red-100 text-red-800",
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={`inline-block w-16 rounded px-2 py-0.5 text-center font-mono text-xs font-bold uppercase ${COLORS[method] ?? "bg-slate-100"}`}
    >
      {method}
    </span>
  );
}
