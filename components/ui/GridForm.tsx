"use client";
// A console form laid out in columns (three unless told): the form-level error across the top, then the fields.
// Submitting stays on the page and hands the form's FormData to `onSubmit`; for a read-only user it does
// nothing (their SubmitButton is disabled already: this holds for any other way of submitting).
import { FormError } from "./FormError";
import { useCanWrite } from "./WriteAccess";

// Whole class names, so Tailwind finds them.
const LAYOUT = {
  2: { grid: "grid gap-4 sm:grid-cols-2", span: "sm:col-span-2" },
  3: { grid: "grid gap-4 sm:grid-cols-3", span: "sm:col-span-3" },
};

export function GridForm({
  formRef,
  testId,
  error,
  errorTestId,
  onSubmit,
  columns = 3,
  children,
}: {
  formRef?: React.Ref<HTMLFormElement>;
  testId: string;
  error: string | null;
  errorTestId?: string;
  onSubmit: (form: FormData) => void;
  columns?: 2 | 3;
  children: React.ReactNode;
}) {
  const canWrite = useCanWrite();
  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canWrite) onSubmit(new FormData(event.currentTarget));
  }
  return (
    <form ref={formRef} onSubmit={submit} noValidate className={LAYOUT[columns].grid} data-testid={testId}>
      <div className={LAYOUT[columns].span}>
        <FormError message={error} testId={errorTestId} />
      </div>
      {children}
    </form>
  );
}
