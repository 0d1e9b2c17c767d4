"use client";
// The one button of the console and the subscriber page: a variant (primary, secondary, danger, …) and a
// size from buttonClass.ts, `type="button"` unless told otherwise, every other prop passed on (a Radix
// trigger's `asChild` reaches the <button>, ref included).
//
//   <Button variant="primary" type="submit" disabled={pending}>Save</Button>
//   <Button size="xs" onClick={…}>Edit</Button>
//   <Button disabledReason="Read-only users cannot cancel contracts.">Cancel contract</Button>
//
// `disabledReason` disables the button the accessible way: it stays focusable with aria-disabled, does
// nothing when pressed, and says why in a tooltip on hover and focus (a disabled button gets neither).
import * as Tooltip from "@radix-ui/react-tooltip";
import { type ButtonSize, type ButtonVariant, buttonClass } from "./buttonClass";

export type ButtonProps = React.ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Why the button cannot be used now: shown as its tooltip; the button is aria-disabled. */
  disabledReason?: string;
};

export function Button({
  variant = "secondary",
  size = "md",
  type = "button",
  className,
  disabledReason,
  ...props
}: ButtonProps) {
  const classes = className ? `${buttonClass(variant, size)} ${className}` : buttonClass(variant, size);
  if (!disabledReason) return <button type={type} className={classes} {...props} />;
  return (
    <Tooltip.Provider delayDuration={200}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <button type={type} className={classes} {...props} aria-disabled="true" onClick={(e) => e.preventDefault()} />
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={4}
            className="z-50 max-w-xs rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow"
          >
            {disabledReason}
            <Tooltip.Arrow className="fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
