"use client";
// Search and filters above a list, kept in the URL (see useUrlState). Search applies on submit/Enter.
//
//   <FilterBar
//     search={{ label: "Search customers", placeholder: "Name, email or reference" }}
//     filters={[{ name: "status", label: "Status", options: [{ value: "active", label: "Active" }, { value: "canceled", label: "Canceled" }] }]}
//   />
import { useId } from "react";
import { Button } from "./Button";
import { inputClass } from "./Field";
import { Options } from "./Options";
import { useUrlState } from "./useUrlState";

export interface FilterDef {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  allLabel?: string;
}

export function FilterBar({
  search,
  filters = [],
  children,
  testId = "filter-bar",
}: {
  search?: { label: string; placeholder?: string; param?: string };
  filters?: FilterDef[];
  children?: React.ReactNode;
  testId?: string;
}) {
  const [state, set] = useUrlState();
  const id = useId();
  const qParam = search?.param ?? "q";
  const onSearch = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    set({ [qParam]: String(new FormData(e.currentTarget).get(qParam) ?? "").trim() || null });
  };
  const active = [qParam, ...filters.map((f) => f.name)].some((k) => state.get(k));
  return (
    <div role="search" data-testid={testId} className="flex flex-wrap items-end gap-3">
      {search ? (
        <form onSubmit={onSearch} className="flex items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-700">
              {search.label}
            </label>
            <input
              id={`${id}-q`}
              name={qParam}
              type="search"
              defaultValue={state.get(qParam) ?? ""}
              key={state.get(qParam) ?? ""}
              placeholder={search.placeholder}
              className={inputClass}
            />
          </div>
          <Button type="submit">Search</Button>
        </form>
      ) : null}
      {filters.map((f) => (
        <div key={f.name} className="flex flex-col gap-1">
          <label htmlFor={`${id}-${f.name}`} className="text-sm font-medium text-slate-700">
            {f.label}
          </label>
          <select
            id={`${id}-${f.name}`}
            value={state.get(f.name) ?? ""}
            onChange={(e) => set({ [f.name]: e.target.value || null })}
            className={inputClass}
          >
            <option value="">{f.allLabel ?? "All"}</option>
            <Options of={f.options} value={(o) => o.value} label={(o) => o.label} />
          </select>
        </div>
      ))}
      {children}
      {active ? (
        <Button
          onClick={() => set(Object.fromEntries([qParam, ...filters.map((f) => f.name)].map((k) => [k, null])))}
          variant="link"
          className="px-2 py-2 text-sm"
        >
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
