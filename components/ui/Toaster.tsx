"use client";
// Toasts (sonner). The admin layout mounts <Toaster /> once; anywhere in the console:
//
//   import { toast } from "@/components/ui/Toaster";
//   toast.success("Contract paused");   toast.error("Could not pause");
import { Toaster as Sonner, toast } from "sonner";

export { toast };

// sonner's rich-color text (e.g. hsl(140 100% 27%) on its pale green) is below 4.5:1; darker text keeps the
// same tints and passes WCAG AA (axe's color-contrast) on every toast.
const AA_TEXT = {
  "--success-text": "#14532d",
  "--error-text": "#7f1d1d",
  "--info-text": "#1e3a8a",
  "--warning-text": "#78350f",
} as React.CSSProperties;

export function Toaster() {
  return <Sonner position="bottom-right" richColors closeButton toastOptions={{ duration: 4000 }} style={AA_TEXT} />;
}
