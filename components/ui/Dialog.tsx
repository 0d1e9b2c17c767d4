"use client";
import * as RD from "@radix-ui/react-dialog";
import { useLayoutEffect, useRef } from "react";
import { Button } from "./Button";
// Dialogs on Radix: focus trapped inside, Escape and the close button close, the title and description
// label the dialog. ConfirmDialog is for destructive or charging actions: it shows exactly what will
// happen (children: e.g. the proration preview) and needs one explicit confirmation; its button is
// named for what it does and is disabled while submitting.
//
//   <Dialog title="Edit price" description="Changes apply to new contracts." trigger={<button>Edit</button>}>
//     <form>…</form>
//   </Dialog>
//
//   const [open, setOpen] = useState(false);
//   <ConfirmDialog open={open} onOpenChange={setOpen} title="Cancel contract?" description="The customer loses access at period end."
//     confirmLabel="Cancel contract" tone="danger" pending={cancel.isPending} onConfirm={() => cancel.mutate({ id })}>
//     <ProrationLines … />
//   </ConfirmDialog>
import { useUiText } from "./uiText";

/**
 * Focus back where it was when the dialog opened, for a dialog without `trigger` (Radix returns focus to its own
 * trigger only; without one it leaves focus on the page's body). A dialog loaded on demand is opened by a plain
 * button (see "Dialogs and first load" in docs/decisions.md), which gets the focus back as a trigger would.
 */
function useReturnFocus(open: boolean | undefined, hasTrigger: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  // a layout effect runs before Radix's focus scope moves the focus into the dialog
  useLayoutEffect(() => {
    if (open && !hasTrigger)
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open, hasTrigger]);
  return (event: Event) => {
    const el = opener.current;
    if (hasTrigger || !el?.isConnected) return;
    event.preventDefault();
    el.focus();
  };
}

interface BaseProps {
  title: string;
  description?: React.ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: React.ReactNode; // a single element (rendered asChild)
  children?: React.ReactNode;
  testId?: string;
}

export function Dialog({ title, description, open, onOpenChange, trigger, children, testId }: BaseProps) {
  const ui = useUiText();
  const returnFocus = useReturnFocus(open, !!trigger);
  return (
    <RD.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RD.Trigger asChild>{trigger}</RD.Trigger> : null}
      <RD.Portal>
        <RD.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RD.Content
          data-testid={testId}
          onCloseAutoFocus={returnFocus}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none"
        >
          <RD.Title className="text-lg font-semibold text-slate-900">{title}</RD.Title>
          {description ? (
            <RD.Description className="mt-1 text-sm text-slate-700">{description}</RD.Description>
          ) : (
            <RD.Description className="sr-only">{title}</RD.Description>
          )}
          <div className="mt-4">{children}</div>
          <RD.Close
            aria-label={ui.close}
            className="absolute right-3 top-3 rounded p-1 text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
          >
            <span aria-hidden="true">✕</span>
          </RD.Close>
        </RD.Content>
      </RD.Portal>
    </RD.Root>
  );
}

export function ConfirmDialog({
  confirmLabel,
  pendingLabel,
  onConfirm,
  pending,
  tone = "primary",
  cancelLabel,
  error,
  writeAction,
  confirmDisabled = false,
  ...base
}: BaseProps & {
  confirmLabel: string;
  pendingLabel?: string;
  onConfirm: () => void;
  pending?: boolean;
  tone?: "primary" | "danger";
  cancelLabel?: string;
  error?: React.ReactNode;
  /** What confirming changes, completing "Read-only users cannot …" (WriteAccess.tsx). */
  writeAction?: string;
  /** The confirm button stays disabled (e.g. until a typed confirmation matches). */
  confirmDisabled?: boolean;
}) {
  const ui = useUiText();
  return (
    <Dialog {...base}>
      {base.children}
      {error ? (
        <div role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {error}
        </div>
      ) : null}
      <div className="mt-6 flex justify-end gap-3">
        <RD.Close asChild>
          <Button>{cancelLabel ?? ui.keepAsIs}</Button>
        </RD.Close>
        <Button
          onClick={onConfirm}
          disabled={pending || confirmDisabled}
          aria-busy={pending || undefined}
          variant={tone}
          writeAction={writeAction}
        >
          {pending ? (pendingLabel ?? `${confirmLabel}…`) : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
