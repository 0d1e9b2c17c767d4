export function SubmitButton({
  pending,
  pendingLabel = "Saving…",
  children,
  testId,
}: {
  pending: boolean;
  /** What the button says while the form submits. */
  pendingLabel?: string;
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
      {pending ? pendingLabel : children}
    </button>
  );
}
