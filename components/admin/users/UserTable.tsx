"use client";
// The account's users with their roles; for owners, a role form per user.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTRPC } from "@/components/trpc/client";
import { type ColumnDef, DataTable } from "@/components/ui/DataTable";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { inputClass } from "@/components/ui/Field";
import { FormError } from "@/components/ui/FormError";
import { Options } from "@/components/ui/Options";
import { SubmitButton } from "@/components/ui/SubmitButton";

type Role = "owner" | "admin" | "read_only";
interface UserRow {
  id: number;
  email: string;
  name: string;
  role: Role;
  created_at: string;
}

const ROLE_LABEL: Record<Role, string> = { owner: "Owner", admin: "Admin", read_only: "Read-only" };

function RoleForm({ user }: { user: UserRow }) {
  const trpc = useTRPC();
  const router = useRouter();
  const save = useMutation(trpc.users.setRole.mutationOptions({ onSuccess: () => router.refresh() }));
  const errors = fieldErrorsOf(save.error);
  const id = `role-${user.id}`;
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      data-testid="role-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ id: user.id, role: new FormData(e.currentTarget).get("role") as Role });
      }}
    >
      <label htmlFor={id} className="sr-only">
        Role of {user.email}
      </label>
      <select id={id} name="role" defaultValue={user.role} className={inputClass}>
        <Options of={Object.keys(ROLE_LABEL) as Role[]} value={(r) => r} label={(r) => ROLE_LABEL[r]} />
      </select>
      <SubmitButton pending={save.isPending} testId={`save-role-${user.id}`} writeAction="change roles">
        Save
      </SubmitButton>
      {save.isSuccess ? (
        <span role="status" className="text-sm text-green-800">
          Saved.
        </span>
      ) : null}
      {errors.role ? (
        <span role="alert" className="text-sm text-red-800">
          {errors.role.join(" ")}
        </span>
      ) : null}
      <FormError message={formErrorOf(save.error, ["role"])} />
    </form>
  );
}

export function UserTable({ users, canManage, myId }: { users: UserRow[]; canManage: boolean; myId: number }) {
  const columns: ColumnDef<UserRow>[] = [
    {
      id: "email",
      header: "Email",
      cell: ({ row: { original: u } }) => (
        <>
          {u.email}
          {u.id === myId ? <span className="text-slate-700"> (you)</span> : null}
        </>
      ),
    },
    { id: "name", header: "Name", cell: ({ row }) => row.original.name || "—" },
    {
      id: "role",
      header: "Role",
      cell: ({ row: { original: u } }) =>
        canManage ? <RoleForm user={u} /> : <span data-testid="user-role">{ROLE_LABEL[u.role]}</span>,
    },
  ];
  return (
    <DataTable
      label="Users of this account"
      testId="users-table"
      columns={columns}
      data={users}
      rowTestId={() => "user-row"}
    />
  );
}
