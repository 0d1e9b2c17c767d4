"use client";
// The account's users with their roles; for owners, a role form per user.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTRPC } from "../../trpc/client";
import { fieldErrorsOf, formErrorOf } from "../../ui/errors";
import { inputClass } from "../../ui/Field";
import { FormError } from "../../ui/FormError";
import { SubmitButton } from "../../ui/SubmitButton";

type Role = "owner" | "admin" | "read_only";
interface UserRow { id: number; email: string; name: string; role: Role; created_at: string }

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
      <label htmlFor={id} className="sr-only">Role of {user.email}</label>
      <select id={id} name="role" defaultValue={user.role} className={inputClass}>
        {(Object.keys(ROLE_LABEL) as Role[]).map((r) => <option key={r} value={r}>{ROLE_LABEL[r]}</option>)}
      </select>
      <SubmitButton pending={save.isPending} testId={`save-role-${user.id}`}>Save</SubmitButton>
      {save.isSuccess ? <span role="status" className="text-sm text-green-700">Saved.</span> : null}
      {errors.role ? <span role="alert" className="text-sm text-red-700">{errors.role.join(" ")}</span> : null}
      <FormError message={formErrorOf(save.error, ["role"])} />
    </form>
  );
}

export function UserTable({ users, canManage, myId }: { users: UserRow[]; canManage: boolean; myId: number }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="users-table">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr><th scope="col" className="py-2 pr-4">Email</th><th scope="col" className="py-2 pr-4">Name</th><th scope="col" className="py-2">Role</th></tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((u) => (
            <tr key={u.id} data-testid="user-row">
              <td className="py-2 pr-4">{u.email}{u.id === myId ? <span className="text-slate-500"> (you)</span> : null}</td>
              <td className="py-2 pr-4">{u.name || "—"}</td>
              <td className="py-2">{canManage ? <RoleForm user={u} /> : <span data-testid="user-role">{ROLE_LABEL[u.role]}</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
