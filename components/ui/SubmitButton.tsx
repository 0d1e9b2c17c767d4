export function SubmitButton({
  pending,
  children,
  testId,
}: {
  pending: boolean;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      data-testid={testId}
      className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-blue-800 disabled:cursor-wait disabled:opacity-60"
    >
      {pending ? "Saving…" : children}
    </button>
  );
}
