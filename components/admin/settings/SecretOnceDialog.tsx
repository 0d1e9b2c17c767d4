"use client";
// A secret (API key, webhook signing secret) shown exactly once, right after it was made: a copy
// button and a plain warning. Lists only ever show prefixes.
import { useRef, useState } from "react";
import { Button } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { Dialog } from "@/components/ui/Dialog";
import { toast } from "@/components/ui/Toaster";

/** A create form whose answer carries such a secret: on success the form is emptied, the answer kept for
 * the dialog (`created`, until `clear`), the toast says `message`, and `reload` refreshes the list. */
export function useCreatedWithSecret<T>(message: (created: T) => string, reload: () => Promise<void>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [created, setCreated] = useState<T | null>(null);
  const onSuccess = async (answer: T) => {
    formRef.current?.reset();
    setCreated(answer);
    toast.success(message(answer));
    await reload();
  };
  return { formRef, created, clear: () => setCreated(null), onSuccess };
}

/** Open while there is a secret to show; closing it calls `onClose` (which forgets the secret). */
export function SecretOnceDialog({
  onClose,
  title,
  what,
  secret,
  children,
}: {
  onClose: () => void;
  title: string;
  what: string;
  secret: string | null;
  children?: React.ReactNode;
}) {
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      testId="secret-once-dialog"
      description={
        <>
          Copy the {what} now and keep it somewhere safe. <strong>You won&apos;t see it again</strong>: it is stored
          only as a hash.
        </>
      }
    >
      <div className="flex items-center gap-2 rounded-md border border-slate-300 bg-slate-50 p-3">
        <code className="min-w-0 flex-1 break-all font-mono text-sm text-slate-900" data-testid="secret-once-value">
          {secret}
        </code>
        {secret ? <CopyButton value={secret} what={what} /> : null}
      </div>
      {children}
      <div className="mt-6 flex justify-end">
        <Button onClick={onClose} variant="primary">
          I have copied it
        </Button>
      </div>
    </Dialog>
  );
}
