// A list of facts (<dl>): each term, then its value right-aligned; `testId` marks a value (or, on the list, the
// list). `strong` sets a term and its value in bold (a total). `className` lays the list out (e.g. a grid).
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
