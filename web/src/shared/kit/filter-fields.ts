/** A select's option (the shape of ui/fields' SelectOption). */
export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

/** A filter: every field a string (an interface too, which has no index signature). */
export type AnyFilter<F> = { readonly [K in keyof F]: string };

/** A filter field's value and change handler: `<SelectField {...field('status')} />` applies the change at once. */
export const filterBinder =
  <F extends AnyFilter<F>>(filter: F, onChange: (filter: F) => void) =>
  (key: keyof F & string) => ({ value: filter[key], onChange: (event: { target: { value: string } }) => onChange({ ...filter, [key]: event.target.value }) });

/** The "Ordenar por" select's value and handler: '' is the list's default order (no sort in the URL). */
export const sortBinder = <S extends string>(sort: S | null, onChange: (sort: S | null) => void) => ({
  value: sort ?? '',
  onChange: (event: { target: { value: string } }) => onChange((event.target.value || null) as S | null),
});

/** A select's options from a list of values and their labels (the value itself when a label is missing). */
export const labelledOptions = (values: readonly string[], labels: Readonly<Record<string, string>>): SelectOption[] =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

/** A yes/no filter's options ('true' / 'false' in the URL). */
export const yesNoOptions = (yes: string, no: string): readonly SelectOption[] => [
  { value: 'true', label: yes },
  { value: 'false', label: no },
];

export type FilterField<F> =
  | { readonly key: keyof F & string; readonly label: string; readonly type: 'text' | 'date' }
  | {
      readonly key: keyof F & string;
      readonly label: string;
      readonly type: 'select';
      readonly options: readonly { value: string; label: string }[];
      readonly placeholder?: string;
    }
  /** Two date fields, "Desde" (`key`) and "Hasta" (`to`); the form is not applied while "Hasta" comes before "Desde". */
  | { readonly key: keyof F & string; readonly label: string; readonly type: 'dateRange'; readonly to: keyof F & string; readonly toLabel: string };

/** A date range filter: `dateRange('from', 'to', 'Emitida')` is "Emitida desde" and "Emitida hasta"; without a prefix, "Desde" and "Hasta". */
export const dateRange = <F>(key: keyof F & string, to: keyof F & string, prefix?: string): FilterField<F> => ({
  key,
  to,
  type: 'dateRange',
  label: prefix ? `${prefix} desde` : 'Desde',
  toLabel: prefix ? `${prefix} hasta` : 'Hasta',
});

export const DATE_RANGE_MESSAGE = 'La fecha "Hasta" debe ser posterior o igual a la fecha "Desde".';

/** The "Hasta" fields that come before their "Desde", with the message to show at them. */
export const dateRangeErrors = <F extends Readonly<Record<string, string>>>(fields: readonly FilterField<F>[], draft: F): Map<string, string> =>
  new Map(
    fields.flatMap((f) => (f.type === 'dateRange' && draft[f.key] && draft[f.to] && draft[f.to] < draft[f.key] ? [[f.to, DATE_RANGE_MESSAGE] as const] : [])),
  );
