// A form field: label above, a required marker, a hint, and the server's message for this field under
// it, tied to the control with aria-describedby / aria-invalid. Give the control `{...fieldProps}`:
//
//   const errors = fieldErrorsOf(mutation.error);          // from ./errors (tRPC / DomainError fields)
//   <FormField id="email" label="Email" required errors={errors.email} hint="Receipts go here.">
//     {(p) => <input {...p} name="email" type="email" className={inputClass} />}
//   </FormField>
//
// `p` carries id, aria-describedby, aria-invalid and required. A non-function child is rendered as is
// (then wire `describedByFor(id, errors, hint)` yourself).
import { inputClass } from "./Field";

export { inputClass };

export interface ControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
  required?: boolean;
}

export const describedByFor = (id: string, errors?: string[], hint?: string): string | undefined =>
  [errors?.length ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;

export function FormField({
  id,
  label,
  errors,
  hint,
  required,
  children,
}: {
  id: string;
  label: string;
  errors?: string[];
  hint?: string;
  required?: boolean;
  children: React.ReactNode | ((p: ControlProps) => React.ReactNode);
}) {
  const props: ControlProps = {
    id,
    "aria-describedby": describedByFor(id, errors, hint),
    "aria-invalid": errors?.length ? true : undefined,
    required: required || undefined,
  };
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span className="ml-0.5 text-red-800" aria-hidden="true">
            *
          </span>
        ) : null}
        {required ? <span className="sr-only"> (required)</span> : null}
      </label>
      {typeof children === "function" ? children(props) : children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-700">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={`${id}-error`} data-testid={`${id}-error`} className="text-sm text-red-800">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

type FrameProps = { id: string; label: string; errors?: string[]; hint?: string; required?: boolean };
type Control<Attributes> = FrameProps & Omit<Attributes, "id" | "required">;

// The FormField's own props, and the rest for its control.
function splitFrame<T extends FrameProps>({ id, label, errors, hint, required, ...control }: T) {
  return [{ id, label, errors, hint, required }, control] as const;
}

/** A FormField holding one <input>; every other attribute goes to the input (`className` replaces inputClass). */
export function InputFormField(props: Control<React.InputHTMLAttributes<HTMLInputElement>>) {
  const [frame, input] = splitFrame(props);
  return <FormField {...frame}>{(p) => <input {...p} className={inputClass} {...input} />}</FormField>;
}

/** A FormField holding one <select>, its options as children. */
export function SelectFormField(props: Control<React.SelectHTMLAttributes<HTMLSelectElement>>) {
  const [frame, select] = splitFrame(props);
  return <FormField {...frame}>{(p) => <select {...p} className={inputClass} {...select} />}</FormField>;
}

/** A FormField holding one <textarea>. */
export function TextareaFormField(props: Control<React.TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const [frame, textarea] = splitFrame(props);
  return <FormField {...frame}>{(p) => <textarea {...p} className={inputClass} {...textarea} />}</FormField>;
}
