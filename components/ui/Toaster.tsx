"use client";
// Toasts (sonner). The admin layout mounts <Toaster /> once; anywhere in the console:
//
//   import { toast } from "@/components/ui/Toaster";
//   toast.success("Contract paused");   toast.error("Could not pause");
import { Toaster as Sonner, toast } from "sonner";

export { toast };

export function Toaster() {
  return <Sonner position="bottom-right" richColors closeButton toastOptions={{ duration: 4000 }} />;
}
