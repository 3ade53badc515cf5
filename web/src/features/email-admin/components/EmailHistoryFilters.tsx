import { MAIL_STATUSES, MAIL_TEMPLATES } from '../../../../../contract/email';
import { Button } from '../../../shared/ui/Button';
import { SelectField, TextField } from '../../../shared/ui/fields';
import { Grid } from '../../../shared/ui/layout';
import type { HistoryFilter } from '../api/email-api';
import { STATUS_LABELS, TEMPLATE_LABELS } from '../labels';

export interface EmailHistoryFiltersProps {
  readonly filter: HistoryFilter;
  readonly onFilterChange: (filter: HistoryFilter) => void;
  readonly onClear: () => void;
}

/** Status, template, recipient and dates: every change goes to the URL. */
export function EmailHistoryFilters({ filter, onFilterChange, onClear }: EmailHistoryFiltersProps) {
  return (
    <form role="search" aria-label="Filtrar historial de correos" onSubmit={(e) => e.preventDefault()}>
      <Grid $min="170px">
        <SelectField label="Estado" placeholder="Todos" options={MAIL_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))} value={filter.status} onChange={(e) => onFilterChange({ ...filter, status: e.target.value })} />
        <SelectField label="Plantilla" placeholder="Todas" options={MAIL_TEMPLATES.map((t) => ({ value: t, label: TEMPLATE_LABELS[t] }))} value={filter.template} onChange={(e) => onFilterChange({ ...filter, template: e.target.value })} />
        <TextField label="Destinatario" type="email" value={filter.recipient} onChange={(e) => onFilterChange({ ...filter, recipient: e.target.value })} />
        <TextField label="Desde" type="date" value={filter.from} onChange={(e) => onFilterChange({ ...filter, from: e.target.value })} />
        <TextField label="Hasta" type="date" value={filter.until} onChange={(e) => onFilterChange({ ...filter, until: e.target.value })} />
        <Button onClick={onClear}>Limpiar filtros</Button>
      </Grid>
    </form>
  );
}
