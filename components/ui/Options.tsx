// A <select>'s options, one per item:
//
//   <Options of={prices} value={(p) => p.id} label={priceLabel} />
export function Options<T>({
  of,
  value,
  label,
}: {
  of: readonly T[] | undefined;
  value: (item: T) => string | number;
  label: (item: T) => string;
}) {
  return of?.map((item) => (
    <option key={value(item)} value={value(item)}>
      {label(item)}
    </option>
  ));
}
