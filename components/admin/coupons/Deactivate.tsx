"use client";
// Deactivating a coupon or a promotion code: the same confirmation, then the coupon lists reload.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ActiveToggle } from "@/components/admin/catalog/ActiveToggle";
import { useTRPC, useTRPCClient } from "@/components/trpc/client";
import { toast } from "@/components/ui/Toaster";

type Client = ReturnType<typeof useTRPCClient>;

const KINDS = {
  coupon: { done: "Coupon deactivated", run: (client: Client, id: number) => client.coupons.deactivate.mutate({ id }) },
  "promotion code": {
    done: "Promotion code deactivated",
    run: (client: Client, id: number) => client.coupons.deactivateCode.mutate({ id }),
  },
};

export function Deactivate({
  what,
  record,
  consequence,
}: {
  what: keyof typeof KINDS;
  record: { id: number; active: boolean };
  consequence: string;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const kind = KINDS[what];
  const deactivate = useMutation({
    mutationFn: async (id: number): Promise<void> => {
      await kind.run(client, id);
    },
    onSuccess: async () => {
      toast.success(kind.done);
      await queryClient.invalidateQueries(trpc.coupons.pathFilter());
    },
  });
  if (!record.active) return null;
  return (
    <ActiveToggle
      active
      what={what}
      pending={deactivate.isPending}
      error={deactivate.error?.message}
      consequence={consequence}
      onChange={() => deactivate.mutate(record.id)}
    />
  );
}
