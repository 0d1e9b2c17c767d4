// The ISO 4217 codes the server accepts, as a <datalist> for currency inputs (list="<id>").
import { CURRENCY_CODES } from "@/server/domain/currencyCodes";

export function CurrencyOptions({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {CURRENCY_CODES.map((c) => (
        <option key={c} value={c} />
      ))}
    </datalist>
  );
}
