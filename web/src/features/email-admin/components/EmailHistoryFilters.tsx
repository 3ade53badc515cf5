import { MAIL_STATUSES, MAIL_TEMPLATES } from '../../../../../contract/email';
import { FilterBar, filterBinder, labelledOptions } from '../../../shared/kit/FilterBar';
import { SelectField, TextField } from '../../../shared/ui/fields';
import type { HistoryFilter } from '../api/email-api';
import { STATUS_LABELS, TEMPLATE_LABELS } from '../labels';

export interface EmailHistoryFiltersProps {
  readonly filter: HistoryFilter;
  readonly onFilterChange: (filter: HistoryFilter) => void;
  readonly onClear: () => void;
}

/** Status, template, recipient and dates: every change goes to the URL. */
export function EmailHistoryFilters({ filter, onFilterChange, onClear }: EmailHistoryFiltersProps) {
  const field = filterBinder(filter, onFilterChange);
  return (
    <FilterBar label="Filtrar historial de correos" onClear={onClear}>
      <SelectField label="Estado" placeholder="Todos" options={labelledOptions(MAIL_STATUSES, STATUS_LABELS)} {...field('status')} />
      <SelectField label="Plantilla" placeholder="Todas" options={labelledOptions(MAIL_TEMPLATES, TEMPLATE_LABELS)} {...field('template')} />
      <TextField label="Destinatario" type="email" {...field('recipient')} />
      <TextField label="Desde" type="date" {...field('from')} />
      <TextField label="Hasta" type="date" {...field('until')} />
    </FilterBar>
  );
}
