// A dashboard chart as the eye sees it and as a screen reader reads it: the drawing (recharts, sized by its
// box) hidden from assistive technology, and the same numbers in a visually hidden table.
import { ResponsiveContainer } from "recharts";
import { HeaderRow } from "@/components/ui/HeaderRow";

export function ChartFrame({
  chart,
  caption,
  columns,
  rows,
}: {
  chart: React.ReactElement;
  caption: string;
  columns: string[];
  /** one row a point, its first cell (the month or day) unique */
  rows: [key: string, ...cells: React.ReactNode[]][];
}) {
  return (
    <>
      <div aria-hidden="true" className="h-60">
        <ResponsiveContainer width="100%" height="100%">
          {chart}
        </ResponsiveContainer>
      </div>
      {/* a wrapper, not the table, is visually hidden: a table does not shrink to 1 px and widened the page */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <HeaderRow cells={columns} />
          </thead>
          <tbody>
            {rows.map(([key, ...cells]) => (
              <tr key={key}>
                <td>{key}</td>
                {cells.map((cell, index) => (
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
