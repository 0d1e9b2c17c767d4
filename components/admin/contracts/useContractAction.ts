"use client";
// A contract action's mutation: on success it toasts, closes its dialog and reloads the page's server data.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/Toaster";

export function useContractAction<I>(fn: (input: I) => Promise<unknown>, message: string, close: () => void) {
  const router = useRouter();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      toast.success(message);
      close();
      router.refresh();
    },
  });
}
