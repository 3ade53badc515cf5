import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../ui/Button';
import { SelectField, TextField } from '../ui/fields';
import { Row } from '../ui/layout';
import { FilterGrid } from './FilterBar';

export type FilterField<F> =
  | { readonly key: keyof F & string; readonly label: string; readonly type: 'text' | 'date' }
  | { readonly key: keyof F & string; readonly label: string; readonly type: 'select'; readonly options: readonly { value: string; label: string }[]; readonly placeholder?: string };

/** Date pairs whose "Hasta" must not come before their "Desde": [from key, to key]. */
export type DateRangePair<F> = readonly [keyof F & string, keyof F & string];


const Actions = styled(Row)`
  grid-column: 1 / -1;
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

export const DATE_RANGE_MESSAGE = 'La fecha "Hasta" debe ser posterior o igual a la fecha "Desde".';

export interface FilterFormProps<F extends Readonly<Record<string, string>>> {
  /** The filter the list applies (the URL's). */
  readonly filter: F;
  readonly fields: readonly FilterField<F>[];
  readonly ranges?: readonly DateRangePair<F>[];
  /** The form's accessible name ("Filtrar reservas"). */
  readonly label: string;
  readonly onApply: (filter: F) => void;
  readonly onClear: () => void;
  /** The narrowest a field may get (170px unless told). */
  readonly minWidth?: string;
}

/** A list's filter form (role="search"): edited as a draft, applied on "Aplicar filtros", so the URL changes once. */
export function FilterForm<F extends Readonly<Record<string, string>>>({ filter, fields, ranges = [], label, onApply, onClear, minWidth }: FilterFormProps<F>) {
  const [draft, setDraft] = useState<F>(filter);
  useEffect(() => setDraft(filter), [filter]);
  const rangeErrors = new Map(ranges.filter(([from, to]) => draft[from] && draft[to] && draft[to] < draft[from]).map(([, to]) => [to, DATE_RANGE_MESSAGE]));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (rangeErrors.size === 0) onApply(draft);
  };
  const set = (key: keyof F & string) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));

  return (
    <FilterGrid role="search" aria-label={label} onSubmit={apply} noValidate $min={minWidth}>
      {fields.map((f) =>
        f.type === 'select' ? (
          <SelectField key={f.key} label={f.label} placeholder={f.placeholder ?? 'Todos'} options={f.options} value={draft[f.key]} onChange={set(f.key)} />
        ) : (
          <TextField key={f.key} label={f.label} type={f.type} value={draft[f.key]} onChange={set(f.key)} error={rangeErrors.get(f.key)} />
        ),
      )}
      <Actions>
        <Button type="submit" variant="primary">
          Aplicar filtros
        </Button>
        <Button onClick={onClear}>Limpiar filtros</Button>
      </Actions>
    </FilterGrid>
  );
}
