// The console's and the subscriber page's button looks, as class strings: for <Button> (Button.tsx) and for
// a link that looks like a button (`<Link className={buttonClass("primary")}>`). No "use client": server
// components style their links with it too.

export type ButtonVariant = "primary" | "secondary" | "danger" | "dangerSecondary" | "dark" | "link";
/** md: forms and page headers; sm: toolbars and pagination; xs: a table row's actions; touch: 44 px high for fingers (the subscriber page). */
export type ButtonSize = "md" | "sm" | "xs" | "touch";

const VARIANT: Record<ButtonVariant, string> = {
  /** The one action a page or form is for. */
  primary: "bg-blue-700 text-white shadow-sm hover:bg-blue-800",
  /** Any other action. */
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  /** Confirms something that cannot be undone (a dialog's confirm). */
  danger: "bg-red-700 text-white shadow-sm hover:bg-red-800",
  /** Opens the confirmation of something that cannot be undone (revoke, cancel a card). */
  dangerSecondary: "border border-red-300 bg-white text-red-800 hover:bg-red-50",
  /** The customer-facing pages' main action: neutral, not the console's blue. */
  dark: "bg-slate-900 text-white hover:bg-slate-800",
  /** Looks like a link, acts in place (opens a dialog, retries): no box, so no size; the text size is inherited. */
  link: "text-blue-800 underline hover:text-blue-900",
};

const SIZE: Record<ButtonSize, string> = {
  md: "px-4 py-2 text-sm",
  sm: "px-3 py-1 text-sm",
  xs: "px-2 py-1 text-xs",
  touch: "min-h-11 px-4 py-2 text-sm",
};

// focus: a ring clear of the button whatever its colour; disabled (or aria-disabled with a reason): faded
const COMMON =
  "rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

export function buttonClass(variant: ButtonVariant = "secondary", size: ButtonSize = "md"): string {
  if (variant === "link") return `${COMMON} ${VARIANT.link}`;
  return `${COMMON} font-medium ${SIZE[size]} ${VARIANT[variant]}`;
}
