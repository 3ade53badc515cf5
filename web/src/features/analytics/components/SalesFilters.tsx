import styled from 'styled-components';
import type { AnalyticsFilters } from '../../../../../contract/analytics';
import { Button } from '../../../shared/ui/Button';
import { SelectField, TextField } from '../../../shared/ui/fields';
import type { SalesFilter } from '../api/analytics-api';

const Bar = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(170px, 1fr));
  column-gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  & > button { margin-bottom: ${({ theme }) => theme.space(4)}; }
`;

const GRANULARITY_OPTIONS = [
  { value: 'day', label: 'Día' },
  { value: 'week', label: 'Semana' },
  { value: 'month', label: 'Mes' },
];

/** Date range, granularity and the filters the caller's scope offers; every change goes to the URL. */
export function SalesFilters({ filter, options, onChange, onClear }: { readonly filter: SalesFilter; readonly options: AnalyticsFilters | null; readonly onChange: (f: SalesFilter) => void; readonly onClear: () => void }) {
  const set = (key: keyof SalesFilter) => (e: { target: { value: string } }) => onChange({ ...filter, [key]: e.target.value });
  const projects = (options?.projects ?? []).filter((p) => !filter.realEstateCompanyId || p.realEstateCompanyId === filter.realEstateCompanyId);
  const staff = options !== null && options.scope === null;
  return (
    <Bar role="search" aria-label="Filtrar el tablero" onSubmit={(e) => e.preventDefault()}>
      <TextField label="Desde" type="date" name="from" value={filter.from} max={filter.to} onChange={set('from')} />
      <TextField label="Hasta" type="date" name="to" value={filter.to} min={filter.from} onChange={set('to')} />
      <SelectField label="Agrupar por" name="granularity" options={GRANULARITY_OPTIONS} value={filter.granularity} onChange={set('granularity')} />
      <SelectField label="Proyecto" name="projectId" placeholder="Todos" options={projects.map((p) => ({ value: p.id, label: p.name }))} value={filter.projectId} onChange={set('projectId')} />
      {staff && <SelectField label="Inmobiliaria" name="realEstateCompanyId" placeholder="Todas" options={(options?.realEstateCompanies ?? []).map((c) => ({ value: c.id, label: c.name }))} value={filter.realEstateCompanyId} onChange={set('realEstateCompanyId')} />}
      {staff && <SelectField label="Empresa en convenio" name="partnerCompanyId" placeholder="Todas" options={(options?.partnerCompanies ?? []).map((c) => ({ value: c.id, label: c.name }))} value={filter.partnerCompanyId} onChange={set('partnerCompanyId')} />}
      <Button onClick={onClear}>Limpiar filtros</Button>
    </Bar>
  );
}
