import { Button } from "./Button";

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
    <Button type="submit" disabled={pending} data-testid={testId} variant="primary">
      {pending ? pendingLabel : children}
    </Button>
  );
}

/** A create form's footer: "Create <what>" (testId `create-<what>`), then, once created, a status line
 * (`<what>-created`) that `created` writes from the answer. `className` places it in the form's grid. */
export function CreateFooter<T>({
  what,
  mutation,
  className,
  created,
}: {
  what: string;
  mutation: { isPending: boolean; isSuccess: boolean; data: T | undefined };
  className: string;
  created: (answer: T) => React.ReactNode;
}) {
  return (
    <div className={className}>
      <SubmitButton pending={mutation.isPending} testId={`create-${what}`}>
        Create {what}
      </SubmitButton>
      {mutation.isSuccess && mutation.data !== undefined ? (
        <p className="text-sm text-green-700" role="status" data-testid={`${what}-created`}>
          {created(mutation.data)}
        </p>
      ) : null}
    </div>
  );
}
