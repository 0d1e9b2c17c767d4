// A console form laid out in columns (three unless told): the form-level error across the top, then the fields.
// Submitting stays on the page and hands the form's FormData to `onSubmit`.
import { FormError } from "./FormError";

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
  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget));
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
