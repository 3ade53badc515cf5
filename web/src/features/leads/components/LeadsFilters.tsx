import { FilterBar, filterBinder, labelledOptions, useFilterSearch, yesNoOptions } from '../../../shared/kit/FilterBar';
import { SelectField, TextField, type SelectOption } from '../../../shared/ui/fields';
import { LEAD_SOURCE_VALUES, LEAD_STATUS_VALUES, type LeadFilter } from '../api/leads-api';
import { SOURCE_LABELS, STATUS_LABELS } from '../labels';

const STATUS_OPTIONS = labelledOptions(LEAD_STATUS_VALUES, STATUS_LABELS);
const SOURCE_OPTIONS = labelledOptions(LEAD_SOURCE_VALUES, SOURCE_LABELS);
const PRE_APPROVED_OPTIONS = yesNoOptions('Preaprobados', 'No preaprobados');

export interface LeadsFiltersProps {
  readonly filter: LeadFilter;
  readonly projects: readonly SelectOption[];
  readonly advisors: readonly SelectOption[];
  readonly onFilterChange: (filter: LeadFilter) => void;
  readonly onClear: () => void;
}

/** Every filter of the spec's leads list; each change goes to the URL (a filtered list is a link). */
export function LeadsFilters({ filter, projects, advisors, onFilterChange, onClear }: LeadsFiltersProps) {
  const search = useFilterSearch(filter, onFilterChange);
  const field = filterBinder(filter, onFilterChange);
  return (
    <FilterBar label="Filtrar leads" onSubmit={search.submit} onClear={onClear}>
      <TextField label="Buscar" type="search" placeholder="Nombre, email, empresa o RUT" {...search.field} />
      <SelectField label="Estado" placeholder="Todos" options={STATUS_OPTIONS} {...field('status')} />
      <SelectField label="Origen" placeholder="Todos" options={SOURCE_OPTIONS} {...field('source')} />
      {projects.length > 0 && <SelectField label="Proyecto" placeholder="Todos" options={projects} {...field('projectId')} />}
      {advisors.length > 0 && (
        <SelectField label="Asesor" placeholder="Todos" options={[{ value: 'none', label: 'Sin asignar' }, ...advisors]} {...field('advisorId')} />
      )}
      <TextField label="Puntaje mínimo" type="number" min={0} max={100} inputMode="numeric" {...field('scoreMin')} />
      <TextField label="Puntaje máximo" type="number" min={0} max={100} inputMode="numeric" {...field('scoreMax')} />
      <TextField label="Desde" type="date" {...field('from')} />
      <TextField label="Hasta" type="date" {...field('to')} />
      <SelectField label="Preaprobación" placeholder="Todos" options={PRE_APPROVED_OPTIONS} {...field('preApproved')} />
    </FilterBar>
  );
}
