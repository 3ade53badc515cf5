import type { AnalyticsFilters } from '../../../../../contract/analytics';
import { FilterBar, filterBinder } from '../../../shared/kit/FilterBar';
import { SelectField, TextField } from '../../../shared/ui/fields';
import type { SalesFilter } from '../api/analytics-api';

const GRANULARITY_OPTIONS = [
  { value: 'day', label: 'Día' },
  { value: 'week', label: 'Semana' },
  { value: 'month', label: 'Mes' },
];

/** Date range, granularity and the filters the caller's scope offers; every change goes to the URL. */
export function SalesFilters({
  filter,
  options,
  onChange,
  onClear,
}: {
  readonly filter: SalesFilter;
  readonly options: AnalyticsFilters | null;
  readonly onChange: (f: SalesFilter) => void;
  readonly onClear: () => void;
}) {
  const field = filterBinder(filter, onChange);
  const projects = (options?.projects ?? []).filter((p) => !filter.realEstateCompanyId || p.realEstateCompanyId === filter.realEstateCompanyId);
  const staff = options !== null && options.scope === null;
  return (
    <FilterBar label="Filtrar el tablero" onClear={onClear}>
      <TextField label="Desde" type="date" name="from" max={filter.to} {...field('from')} />
      <TextField label="Hasta" type="date" name="to" min={filter.from} {...field('to')} />
      <SelectField label="Agrupar por" name="granularity" options={GRANULARITY_OPTIONS} {...field('granularity')} />
      <SelectField
        label="Proyecto"
        name="projectId"
        placeholder="Todos"
        options={projects.map((p) => ({ value: p.id, label: p.name }))}
        {...field('projectId')}
      />
      {staff && (
        <SelectField
          label="Inmobiliaria"
          name="realEstateCompanyId"
          placeholder="Todas"
          options={(options?.realEstateCompanies ?? []).map((c) => ({ value: c.id, label: c.name }))}
          {...field('realEstateCompanyId')}
        />
      )}
      {staff && (
        <SelectField
          label="Empresa en convenio"
          name="partnerCompanyId"
          placeholder="Todas"
          options={(options?.partnerCompanies ?? []).map((c) => ({ value: c.id, label: c.name }))}
          {...field('partnerCompanyId')}
        />
      )}
    </FilterBar>
  );
}
