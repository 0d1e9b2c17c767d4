// The ISO 4217 codes the server accepts, as a <datalist> for currency inputs (list="<id>"), and the
// console's currency input that offers them.
import { inputClass, TextField } from "@/components/ui/Field";
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

/** A three-letter, upper-case currency input with the known codes as suggestions (datalist `listId`). */
export function CurrencyField({ listId, ...field }: { listId: string } & React.ComponentProps<typeof TextField>) {
  return (
    <TextField maxLength={3} list={listId} autoComplete="off" className={`${inputClass} uppercase`} {...field}>
      <CurrencyOptions id={listId} />
    </TextField>
  );
}
