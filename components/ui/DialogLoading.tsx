// What shows while a dialog loaded on demand (next/dynamic) is on its way: the dialog's overlay and a
// "Loading…" status, so the click that opened it visibly did something. No Radix here: it is the point.
//
//   const EditDialog = dynamic(() => import("./EditDialog").then((m) => m.EditDialog), { ssr: false, loading: DialogLoading });
export function DialogLoading() {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/50" data-testid="dialog-loading">
      <p role="status" className="rounded-md bg-white px-4 py-2 text-sm text-slate-800 shadow-xl">
        Loading…
      </p>
    </div>
  );
}
