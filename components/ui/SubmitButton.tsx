import { Button } from "./Button";

/** A console form's submit button: every console form writes, so a read-only user gets it disabled, saying
 * "Read-only users cannot <writeAction>." (GridForm refuses the submit too). */
export function SubmitButton({
  pending,
  pendingLabel = "Saving…",
  children,
  testId,
  writeAction = "make changes",
}: {
  pending: boolean;
  /** What the button says while the form submits. */
  pendingLabel?: string;
  children: React.ReactNode;
  testId?: string;
  /** What submitting changes, completing "Read-only users cannot …". */
  writeAction?: string;
}) {
  return (
    <Button type="submit" disabled={pending} data-testid={testId} variant="primary" writeAction={writeAction}>
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
      <SubmitButton pending={mutation.isPending} testId={`create-${what}`} writeAction={`create ${what}s`}>
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
