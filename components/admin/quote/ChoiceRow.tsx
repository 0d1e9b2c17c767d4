// A bordered row of the bundle section (a bundle item, an add-on): its checkbox with the label, then the
// row's fields. `columns` is the row's whole `sm:grid-cols-[…]` class (whole, so Tailwind finds it).
export function ChoiceRow({
  columns,
  label,
  checked,
  disabled,
  onCheck,
  children,
}: {
  columns: string;
  label: React.ReactNode;
  checked: boolean;
  disabled?: boolean;
  onCheck: (checked: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <div className={`grid items-end gap-3 rounded-md border border-slate-200 p-3 ${columns}`}>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onCheck(e.target.checked)} />
        {label}
      </label>
      {children}
    </div>
  );
}
