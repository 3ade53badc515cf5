import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { Button } from '../../../shared/ui/Button';
import { SelectField, TextField, type SelectOption } from '../../../shared/ui/fields';
import { LEAD_SOURCE_VALUES, LEAD_STATUS_VALUES, type LeadFilter } from '../api/leads-api';
import { SOURCE_LABELS, STATUS_LABELS } from '../labels';

const Bar = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(170px, 1fr));
  column-gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  & > button { margin-bottom: ${({ theme }) => theme.space(4)}; }
`;

const STATUS_OPTIONS = LEAD_STATUS_VALUES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));
const SOURCE_OPTIONS = LEAD_SOURCE_VALUES.map((s) => ({ value: s, label: SOURCE_LABELS[s] }));
const PRE_APPROVED_OPTIONS = [
  { value: 'true', label: 'Preaprobados' },
  { value: 'false', label: 'No preaprobados' },
];

export interface LeadsFiltersProps {
  readonly filter: LeadFilter;
  readonly projects: readonly SelectOption[];
  readonly advisors: readonly SelectOption[];
  readonly onFilterChange: (filter: LeadFilter) => void;
  readonly onClear: () => void;
}

/** Every filter of the spec's leads list; each change goes to the URL (a filtered list is a link). */
export function LeadsFilters({ filter, projects, advisors, onFilterChange, onClear }: LeadsFiltersProps) {
  const [search, setSearch] = useState(filter.search);
  const debounced = useDebouncedValue(search, 350);
  const latest = useRef({ filter, onFilterChange });
  latest.current = { filter, onFilterChange };
  useEffect(() => setSearch(filter.search), [filter.search]);
  useEffect(() => {
    const { filter: current, onFilterChange: change } = latest.current;
    if (debounced !== current.search) change({ ...current, search: debounced });
  }, [debounced]);
  const set = (key: keyof LeadFilter) => (e: { target: { value: string } }) => onFilterChange({ ...filter, [key]: e.target.value });
  return (
    <Bar role="search" aria-label="Filtrar leads" onSubmit={(e) => { e.preventDefault(); onFilterChange({ ...filter, search }); }}>
      <TextField label="Buscar" type="search" placeholder="Nombre, email, empresa o RUT" value={search} onChange={(e) => setSearch(e.target.value)} />
      <SelectField label="Estado" placeholder="Todos" options={STATUS_OPTIONS} value={filter.status} onChange={set('status')} />
      <SelectField label="Origen" placeholder="Todos" options={SOURCE_OPTIONS} value={filter.source} onChange={set('source')} />
      {projects.length > 0 && <SelectField label="Proyecto" placeholder="Todos" options={projects} value={filter.projectId} onChange={set('projectId')} />}
      {advisors.length > 0 && <SelectField label="Asesor" placeholder="Todos" options={[{ value: 'none', label: 'Sin asignar' }, ...advisors]} value={filter.advisorId} onChange={set('advisorId')} />}
      <TextField label="Puntaje mínimo" type="number" min={0} max={100} inputMode="numeric" value={filter.scoreMin} onChange={set('scoreMin')} />
      <TextField label="Puntaje máximo" type="number" min={0} max={100} inputMode="numeric" value={filter.scoreMax} onChange={set('scoreMax')} />
      <TextField label="Desde" type="date" value={filter.from} onChange={set('from')} />
      <TextField label="Hasta" type="date" value={filter.to} onChange={set('to')} />
      <SelectField label="Preaprobación" placeholder="Todos" options={PRE_APPROVED_OPTIONS} value={filter.preApproved} onChange={set('preApproved')} />
      <Button onClick={onClear}>Limpiar filtros</Button>
    </Bar>
  );
}
