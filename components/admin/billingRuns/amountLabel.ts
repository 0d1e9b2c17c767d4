// What a run's amount (total less credit) is called once the run's state says what became of it: due while
// it can still be charged, paid once it succeeded (charged or marked paid), voided or written off otherwise.
const LABEL: Record<string, string> = {
  succeeded: "Amount paid",
  voided: "Amount voided",
  written_off: "Amount written off",
  canceled: "Amount not charged",
};

export const amountLabel = (state: string): string => LABEL[state] ?? "Amount due";
