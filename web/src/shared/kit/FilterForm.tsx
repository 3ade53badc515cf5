import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../ui/Button';
import { SelectField, TextField } from '../ui/fields';
import { Row } from '../ui/layout';
import { FilterGrid } from './FilterBar';
import { dateRangeErrors, type FilterField } from './filter-fields';

export { dateRange, DATE_RANGE_MESSAGE, type FilterField } from './filter-fields';

const Actions = styled(Row)`
  grid-column: 1 / -1;
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

export interface FilterFormProps<F extends Readonly<Record<string, string>>> {
  /** The filter the list applies (the URL's). */
  readonly filter: F;
  readonly fields: readonly FilterField<F>[];
  /** The form's accessible name ("Filtrar reservas"). */
  readonly label: string;
  readonly onApply: (filter: F) => void;
  readonly onClear: () => void;
  /** The narrowest a field may get (170px unless told). */
  readonly minWidth?: string;
}

/** A list's filter form (role="search"): edited as a draft, applied on "Aplicar filtros", so the URL changes once. */
export function FilterForm<F extends Readonly<Record<string, string>>>({ filter, fields, label, onApply, onClear, minWidth }: FilterFormProps<F>) {
  const [draft, setDraft] = useState<F>(filter);
  useEffect(() => setDraft(filter), [filter]);
  const rangeErrors = dateRangeErrors(fields, draft);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (rangeErrors.size === 0) onApply(draft);
  };
  const set = (key: keyof F & string) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));

  return (
    <FilterGrid role="search" aria-label={label} onSubmit={apply} noValidate $min={minWidth}>
      {fields.flatMap((f) => {
        if (f.type === 'select')
          return [
            <SelectField key={f.key} label={f.label} placeholder={f.placeholder ?? 'Todos'} options={f.options} value={draft[f.key]} onChange={set(f.key)} />,
          ];
        const dates =
          f.type === 'dateRange'
            ? [
                { key: f.key, label: f.label },
                { key: f.to, label: f.toLabel },
              ]
            : [{ key: f.key, label: f.label }];
        const type = f.type === 'text' ? 'text' : 'date';
        return dates.map((d) => (
          <TextField key={d.key} label={d.label} type={type} value={draft[d.key]} onChange={set(d.key)} error={rangeErrors.get(d.key)} />
        ));
      })}
      <Actions>
        <Button type="submit" variant="primary">
          Aplicar filtros
        </Button>
        <Button onClick={onClear}>Limpiar filtros</Button>
      </Actions>
    </FilterGrid>
  );
}
