"use client";
// A contract action without a proration preview, confirmed in one dialog that says what ACTION_TEXTS says:
// on success it toasts, closes and reloads the page's data (useContractAction). An error on one of the
// dialog's fields shows at that field (children get the field errors), any other one above the buttons.
import { ConfirmDialog } from "@/components/ui/Dialog";
import { type FieldErrors, fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { ACTION_TEXTS, type ActionText } from "./operationTexts";
import { useContractAction } from "./useContractAction";

export function ContractActionDialog({
  open,
  onOpenChange,
  action,
  run,
  description,
  fieldNames = [],
  validate,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  action: keyof typeof ACTION_TEXTS;
  run: () => Promise<unknown>;
  /** instead of the text's own, e.g. one that names the currency */
  description?: string;
  fieldNames?: string[];
  /** checked before the action runs (e.g. that the JSON parses); false keeps the dialog as it is */
  validate?: () => boolean;
  children?: (form: { errors: FieldErrors; confirm: () => void }) => React.ReactNode;
}) {
  const { successMessage, ...texts }: ActionText = ACTION_TEXTS[action];
  const mutation = useContractAction(run, successMessage, () => onOpenChange(false));
  const confirm = () => {
    if (!validate || validate()) mutation.mutate(undefined);
  };
  return (
    <ConfirmDialog
      {...texts}
      description={description ?? texts.description}
      open={open}
      onOpenChange={onOpenChange}
      pending={mutation.isPending}
      onConfirm={confirm}
      error={formErrorOf(mutation.error, fieldNames)}
    >
      {children?.({ errors: fieldErrorsOf(mutation.error), confirm })}
    </ConfirmDialog>
  );
}
