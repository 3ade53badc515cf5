import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { Button } from '../ui/Button';
import type { SelectOption } from '../ui/fields';

/** A filter: every field a string (an interface too, which has no index signature). */
type AnyFilter<F> = { readonly [K in keyof F]: string };

/** The grid every list's filters sit in (FilterBar and FilterForm): fields side by side, aligned on their bottom. */
export const FilterGrid = styled.form<{ $min?: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ $min = '170px' }) => $min}, 1fr));
  column-gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  & > button { margin-bottom: ${({ theme }) => theme.space(4)}; }
`;

export interface FilterBarProps {
  /** The form's accessible name ("Filtrar usuarios"). */
  readonly label: string;
  readonly onClear: () => void;
  /** Enter in a field: apply what is typed now (a debounced search) instead of waiting. */
  readonly onSubmit?: () => void;
  /** The narrowest a field may get (170px unless told). */
  readonly minWidth?: string;
  readonly children: ReactNode;
}

/**
 * A list's live filters (role="search"): each field applies as it changes (the URL's filter; a search as
 * typed, debounced with useFilterSearch), and "Limpiar filtros" ends the row.
 */
export function FilterBar({ label, onClear, onSubmit, minWidth, children }: FilterBarProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <FilterGrid role="search" aria-label={label} onSubmit={submit} $min={minWidth}>
      {children}
      <Button onClick={onClear}>Limpiar filtros</Button>
    </FilterGrid>
  );
}

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
export const labelledOptions = (values: readonly string[], labels: Readonly<Record<string, string>>): SelectOption[] => values.map((value) => ({ value, label: labels[value] ?? value }));

/** A yes/no filter's options ('true' / 'false' in the URL). */
export const yesNoOptions = (yes: string, no: string): readonly SelectOption[] => [
  { value: 'true', label: yes },
  { value: 'false', label: no },
];

/**
 * The filter's free-text search as typed: the field shows every key stroke, the list's filter gets the text
 * after a pause (350 ms), or at once on `submit` (Enter). A new URL (back, "Limpiar filtros") resets the field.
 */
export function useFilterSearch<F extends AnyFilter<F>>(filter: F, onFilterChange: (filter: F) => void, key = 'search' as keyof F & string) {
  const [search, setSearch] = useState<string>(filter[key]);
  const debounced = useDebouncedValue(search, 350);
  // Only the debounced text triggers a search; the latest filter and callback are read through a ref.
  const latest = useRef({ filter, onFilterChange });
  latest.current = { filter, onFilterChange };
  const applied = filter[key];
  useEffect(() => setSearch(applied), [applied]);
  useEffect(() => {
    const { filter: current, onFilterChange: change } = latest.current;
    if (debounced !== current[key]) change({ ...current, [key]: debounced });
  }, [debounced, key]);
  return {
    /** Spread on the search TextField. */
    field: { value: search, onChange: (event: { target: { value: string } }) => setSearch(event.target.value) },
    /** FilterBar's onSubmit. */
    submit: () => onFilterChange({ ...filter, [key]: search }),
  };
}
