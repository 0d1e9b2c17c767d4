export function Card({
  title,
  children,
  testId,
  actions,
}: {
  title?: string;
  children: React.ReactNode;
  testId?: string;
  actions?: React.ReactNode;
}) {
  return (
    <section data-testid={testId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      {title || actions ? (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:mb-4">
          {title ? <h2 className="text-lg font-semibold">{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}
