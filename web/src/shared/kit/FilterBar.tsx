import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { Button } from '../ui/Button';
import type { AnyFilter } from './filter-fields';

export { filterBinder, labelledOptions, sortBinder, yesNoOptions } from './filter-fields';

/** The grid every list's filters sit in (FilterBar and FilterForm): fields side by side, aligned on their bottom. */
export const FilterGrid = styled.form<{ $min?: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ $min = '170px' }) => $min}, 1fr));
  column-gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  & > button {
    margin-bottom: ${({ theme }) => theme.space(4)};
  }
`;

export interface FilterBarProps {
  /** The form's accessible name ("Filtrar usuarios"). */
  readonly label: string;
  readonly onClear: () => void;
  /** Enter in a field: apply what is typed now (a debounced search) instead of waiting. */
  readonly onSubmit?: () => void;
  /** The narrowest a field may get (170px unless told). */
  readonly minWidth?: string;
  /** The clear button's words ("Limpiar filtros" unless told: "Limpiar fechas"). */
  readonly clearLabel?: string;
  readonly children: ReactNode;
}

/**
 * A list's live filters (role="search"): each field applies as it changes (the URL's filter; a search as
 * typed, debounced with useFilterSearch), and "Limpiar filtros" ends the row.
 */
export function FilterBar({ label, onClear, onSubmit, minWidth, clearLabel = 'Limpiar filtros', children }: FilterBarProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <FilterGrid role="search" aria-label={label} onSubmit={submit} $min={minWidth}>
      {children}
      <Button onClick={onClear}>{clearLabel}</Button>
    </FilterGrid>
  );
}

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
