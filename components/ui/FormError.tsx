// The message for a form as a whole (errors not tied to a shown field).
export function FormError({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      data-testid={testId}
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {message}
    </p>
  );
}
