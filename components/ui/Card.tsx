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
    <section data-testid={testId} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      {title || actions ? (
        <div className="mb-4 flex items-center justify-between gap-4">
          {title ? <h2 className="text-lg font-semibold">{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}
