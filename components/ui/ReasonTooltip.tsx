"use client";
// The tooltip that says why a button cannot be used (Button.tsx's `disabledReason` / `writeAction`), on
// Radix Tooltip. Its own module so that Radix Tooltip and its positioning (floating-ui) load only for a
// page that shows such a button (for an owner or admin, usually none): see docs/decisions.md.
import * as Tooltip from "@radix-ui/react-tooltip";

/** `children`: the one <button> the tooltip is for (rendered asChild). */
export function ReasonTooltip({ reason, children }: { reason: string; children: React.ReactElement }) {
  return (
    <Tooltip.Provider delayDuration={200}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={4}
            className="z-50 max-w-xs rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow"
          >
            {reason}
            <Tooltip.Arrow className="fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
