"use client";
// A controlled field's value with the props that bind an input, select or textarea to it:
//   const [coupon, couponProps] = useInputValue();
//   <SelectFormField id={…} label="Coupon" errors={errors.coupon} {...couponProps}>…</SelectFormField>
import { useState } from "react";

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export function useInputValue(initial = "") {
  const [value, setValue] = useState(initial);
  const props = { value, onChange: (event: React.ChangeEvent<FieldElement>) => setValue(event.target.value) };
  return [value, props, setValue] as const;
}
