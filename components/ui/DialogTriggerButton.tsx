"use client";
// The button that opens a dialog loaded on demand (next/dynamic): it says, as a Radix dialog trigger does,
// that it opens a dialog and whether that dialog is open; the dialog itself is rendered by the caller.
import { Button, type ButtonProps } from "./Button";

export function DialogTriggerButton({
  open,
  onOpen,
  ...props
}: Omit<ButtonProps, "onClick" | "aria-haspopup" | "aria-expanded"> & { open: boolean; onOpen: () => void }) {
  return <Button {...props} aria-haspopup="dialog" aria-expanded={open} onClick={onOpen} />;
}
