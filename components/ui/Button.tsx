"use client";
// The one button of the console and the subscriber page: a variant (primary, secondary, danger, …) and a
// size from buttonClass.ts, `type="button"` unless told otherwise, every other prop passed on (a Radix
// trigger's `asChild` reaches the <button>, ref included).
//
//   <Button variant="primary" type="submit" disabled={pending}>Save</Button>
//   <Button size="xs" onClick={…}>Edit</Button>
//   <Button disabledReason="Cancel the pending payment first.">Refund</Button>
//   <Button writeAction="cancel contracts">Cancel contract</Button>   // disabled for read-only users (WriteAccess.tsx)
//
// `disabledReason` disables the button the accessible way: it stays focusable with aria-disabled, does
// nothing when pressed, and says why in a tooltip on hover and focus (a disabled button gets neither) and as
// its accessible description. `writeAction` names what the button changes: for a read-only user that is the
// reason ("Read-only users cannot cancel contracts.").
import dynamic from "next/dynamic";
import { Suspense, useId } from "react";
import { type ButtonSize, type ButtonVariant, buttonClass } from "./buttonClass";
import { useReadOnlyReason } from "./WriteAccess";

// Radix Tooltip and its positioning load with the first button that has a reason, not with every page: only
// read-only users see such buttons (docs/decisions.md). Until it has loaded (a client render; a server-rendered
// page preloads it) the button is already aria-disabled and described by the reason.
const ReasonTooltip = dynamic(() => import("./ReasonTooltip").then((m) => m.ReasonTooltip));

export type ButtonProps = React.ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Why the button cannot be used now: shown as its tooltip; the button is aria-disabled. */
  disabledReason?: string;
  /** What pressing it changes, in words completing "Read-only users cannot …"; disabled for read-only users. */
  writeAction?: string;
};

export function Button({
  variant = "secondary",
  size = "md",
  type = "button",
  className,
  disabledReason,
  writeAction,
  ...props
}: ButtonProps) {
  const reasonId = useId();
  const reason = useReadOnlyReason(writeAction) ?? disabledReason;
  const classes = className ? `${buttonClass(variant, size)} ${className}` : buttonClass(variant, size);
  if (!reason) return <button type={type} className={classes} {...props} />;
  // aria-disabled instead of `disabled`, which would take the focus and the tooltip away
  const { disabled: _disabled, ...enabled } = props;
  const button = (
    <button
      type={type}
      className={classes}
      {...enabled}
      aria-disabled="true"
      aria-describedby={reasonId}
      onClick={(e) => e.preventDefault()}
    />
  );
  return (
    <>
      <span hidden id={reasonId}>
        {reason}
      </span>
      <Suspense fallback={button}>
        <ReasonTooltip reason={reason}>{button}</ReasonTooltip>
      </Suspense>
    </>
  );
}
