// Controlled inputs over the quote builder's state, whose values are the typed strings: `bind(key, suffix)`
// gives a control its id (`<idPrefix>-<suffix>`), its value and the change that writes the typed text back.
type TextKey<State> = { [K in keyof State]-?: NonNullable<State[K]> extends string ? K : never }[keyof State] & string;

export function binder<State>(idPrefix: string, state: State, put: (patch: Partial<State>) => void) {
  return (key: TextKey<State>, suffix: string = key) => ({
    id: `${idPrefix}-${suffix}`,
    value: (state[key] as string | undefined) ?? "",
    onChange: (event: { target: { value: string } }) => put({ [key]: event.target.value } as Partial<State>),
  });
}
