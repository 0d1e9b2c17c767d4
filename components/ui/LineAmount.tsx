"use client";
// A line's amount for people: Money, or for a metered line (usageLine.ts) "Billed by usage" with its pricing
// and "nothing due now" (its usage is billed at the end of the period).
import { Money } from "./Money";
import { useUiText } from "./uiText";
import { usagePricingOf } from "./usageLine";

export function LineAmount({
  amount,
  currency,
  explanation,
  className,
  testId,
}: {
  amount: string;
  currency: string;
  /** the engine's explanation (quote lines) or description (projected lines) */
  explanation: string | null | undefined;
  className?: string;
  testId?: string;
}) {
  const ui = useUiText();
  const pricing = usagePricingOf(explanation);
  if (pricing === null) return <Money amount={amount} currency={currency} className={className} testId={testId} />;
  return (
    <span className={`text-right ${className ?? ""}`} data-testid={testId && `${testId}-usage`}>
      {ui.billedByUsage}
      <span className="block text-xs font-normal text-slate-700">
        {pricing} {currency} · {ui.nothingDueNow}
      </span>
    </span>
  );
}
