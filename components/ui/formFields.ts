// What a console form's fields derive from their names, so each field states only what differs (label,
// hint, constraints):
//
//   const { field, formError } = formFields(mutation.error, FIELDS, "price");
//   <GridForm … error={formError}>
//     <TextField {...field("unit_amount")} label="Amount" />   // id "price-unit_amount", name, errors
//
// `field(name, id)` keeps an id that does not follow `<prefix>-<name>`; `control(name)` is the same without
// the messages, for a control that shows none (a checkbox). An edit form passes the saved record: each field
// then starts from its saved value (`defaultValue`, blank for null).
import { type FieldErrors, fieldErrorsOf, formErrorOf } from "./errors";

export interface NamedField {
  id: string;
  name: string;
  errors: string[] | undefined;
  defaultValue?: string;
}

export interface FormFields {
  /** The server's messages by field name. */
  errors: FieldErrors;
  /** The message for the form as a whole: errors on fields it does not show, or the error's own message. */
  formError: string | null;
  field: (name: string, id?: string) => NamedField;
  control: (name: string, id?: string) => Omit<NamedField, "errors">;
}

export function formFields(
  error: unknown,
  shownFields: readonly string[],
  idPrefix: string,
  saved?: object,
): FormFields {
  const errors = fieldErrorsOf(error);
  const savedValue = (name: string) => String((saved as Record<string, unknown>)[name] ?? "");
  return {
    errors,
    formError: formErrorOf(error, shownFields),
    field: (name, id = `${idPrefix}-${name}`) => ({
      id,
      name,
      errors: errors[name],
      ...(saved ? { defaultValue: savedValue(name) } : {}),
    }),
    control: (name, id = `${idPrefix}-${name}`) => ({ id, name }),
  };
}
