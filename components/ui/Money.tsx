"use client";
// Money for people: "€12.28", with the exact four-digit value and ISO code on hover ("12.2800 EUR").
// No page formats money by hand; charts use the pure `formatMoney` from ./money. An amount never wraps (a
// negative one would leave its minus sign on the line above in a narrow table cell).
//
//   <Money amount="12.2800" currency="EUR" />
//   <Money amount={line.amount} currency={run.currency} testId="run-total" />
import { useConsole } from "./ConsoleContext";
import { exactMoney, formatMoney } from "./money";

export { exactMoney, formatMoney } from "./money";

export function Money({
  amount,
  currency,
  testId,
  className,
}: {
  amount: string | null | undefined;
  currency: string;
  testId?: string;
  className?: string;
}) {
  const { locale } = useConsole();
  if (amount === null || amount === undefined || amount === "") return <span data-testid={testId}>—</span>;
  return (
    <span
      data-testid={testId}
      title={exactMoney(amount, currency)}
      data-amount={amount}
      className={`whitespace-nowrap tabular-nums ${className ?? ""}`}
    >
      {formatMoney(amount, currency, locale)}
    </span>
  );
}
