// The header row of a plain <table> (DataTable draws its own): one <th scope="col"> a column, each given
// as its label or as [label, className].
export type HeaderCell = string | [label: string, className: string];

export function HeaderRow({ className, cells }: { className?: string; cells: HeaderCell[] }) {
  return (
    <tr className={className}>
      {cells.map((cell) => {
        const [label, cellClass] = typeof cell === "string" ? [cell, undefined] : cell;
        return (
          <th key={label} scope="col" className={cellClass}>
            {label}
          </th>
        );
      })}
    </tr>
  );
}
