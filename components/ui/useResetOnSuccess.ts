"use client";
// A console form that stays on the page after its mutation succeeds: the form is cleared (`afterReset` resets
// what the form keeps in state), the toast says what happened and the lists showing the result refresh.
//
//   const { formRef, onSuccess } = useResetOnSuccess({ toast: "Coupon created", refresh: trpc.coupons.pathFilter() });
//   const create = useMutation(trpc.coupons.create.mutationOptions({ onSuccess }));
//   <GridForm formRef={formRef} …>
import { type InvalidateQueryFilters, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { toast } from "./Toaster";

/** What a console write says and refreshes once it succeeded: the toast (if any), then the queries it changed. */
export function useSuccessFeedback<Answer>(
  message: string | ((answer: Answer) => string) | undefined,
  refresh: InvalidateQueryFilters,
) {
  const queryClient = useQueryClient();
  return async (answer: Answer) => {
    if (message) toast.success(typeof message === "function" ? message(answer) : message);
    await queryClient.invalidateQueries(refresh);
  };
}

export function useResetOnSuccess<Answer = unknown>(options: {
  /** The success toast, or none. */
  toast?: string | ((answer: Answer) => string);
  /** The queries the answer changes. */
  refresh: InvalidateQueryFilters;
  /** Runs after the form is cleared, e.g. to reset the form's own state. */
  afterReset?: (answer: Answer) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const feedback = useSuccessFeedback(options.toast, options.refresh);
  const onSuccess = async (answer: Answer) => {
    formRef.current?.reset();
    options.afterReset?.(answer);
    await feedback(answer);
  };
  return { formRef, onSuccess };
}
