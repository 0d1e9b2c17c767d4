// A labelled form control with the server's messages for it underneath (`<id>-error`).
export function Field({
  id,
  label,
  errors,
  hint,
  children,
}: {
  id: string;
  label: string;
  errors?: string[];
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && !errors?.length ? <p className="text-xs text-slate-700">{hint}</p> : null}
      {errors?.length ? (
        <p id={`${id}-error`} data-testid={`${id}-error`} role="alert" className="text-sm text-red-700">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export const inputClass =
  "min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-200 disabled:bg-slate-100 aria-[invalid=true]:border-red-500";

/** A Field holding one text input: `name` is the form field, the server's errors mark it invalid;
 * children (e.g. a <datalist>) follow the input. */
export function TextField({
  id,
  label,
  errors,
  hint,
  className = inputClass,
  children,
  ...input
}: {
  id: string;
  name: string;
  label: string;
  errors?: string[];
  hint?: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field id={id} label={label} errors={errors} hint={hint}>
      <input id={id} className={className} aria-invalid={!!errors} {...input} />
      {children}
    </Field>
  );
}

/** A Field holding one <select> (its options as children); every other attribute goes to the select. */
export function SelectField({
  id,
  label,
  errors,
  hint,
  className = inputClass,
  ...select
}: { id: string; label: string; errors?: string[]; hint?: string } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field id={id} label={label} errors={errors} hint={hint}>
      <select id={id} className={className} {...select} />
    </Field>
  );
}

/** A checkbox with its label beside it (`className` places the pair in its form's layout). */
export function CheckboxField({
  id,
  label,
  className = "flex items-center gap-2",
  ...input
}: { id: string; name: string; label: string; className?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={className}>
      <input id={id} type="checkbox" className="h-4 w-4" {...input} />
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
      </label>
    </div>
  );
}
