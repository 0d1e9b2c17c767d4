// A list of facts (<dl>): each term, then its value right-aligned; `testId` marks a value. `className` lays
// the list out (e.g. a two-column grid).
import { Fragment } from "react";

export interface Term {
  term: string;
  value: React.ReactNode;
  testId?: string;
}

export function TermList({ terms, className }: { terms: readonly Term[]; className: string }) {
  return (
    <dl className={className}>
      {terms.map(({ term, value, testId }) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd className="text-right" data-testid={testId}>
            {value}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
