// Lists of facts (<dl>). TermList: each term, then its value right-aligned; `testId` marks a value (or, on the
// list, the list). `strong` sets a term and its value in bold (a total). `className` lays the list out (e.g. a
// grid). Fact: one term above its value, for a record's details in a grid of such facts.
import { Fragment } from "react";

export interface Term {
  term: string;
  value: React.ReactNode;
  testId?: string;
  strong?: boolean;
}

export function TermList({ terms, className, testId }: { terms: readonly Term[]; className: string; testId?: string }) {
  return (
    <dl className={className} data-testid={testId}>
      {terms.map(({ term, value, testId: valueTestId, strong }) => (
        <Fragment key={term}>
          <dt className={strong ? "font-medium" : undefined}>{term}</dt>
          <dd className={strong ? "text-right font-medium" : "text-right"} data-testid={valueTestId}>
            {value}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** One fact in a <dl> laid out as a grid (`grid gap-x-8 gap-y-2 text-sm sm:grid-cols-3`): the term above its value. */
export function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase text-slate-700">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
