import { ROLE_NAMES, roleLabel } from '../../../shared/auth/roles';
import { FilterBar, filterBinder, labelledOptions, sortBinder, useFilterSearch, yesNoOptions } from '../../../shared/kit/FilterBar';
import { SelectField, TextField } from '../../../shared/ui/fields';
import { USER_SORTS, USER_STATUSES, type UserFilter, type UserSort } from '../api/users-api';
import { SORT_LABELS, STATUS_LABELS } from '../labels';

const ROLE_OPTIONS = ROLE_NAMES.map((r) => ({ value: r, label: roleLabel(r) }));
const STATUS_OPTIONS = labelledOptions(USER_STATUSES, STATUS_LABELS);
const VERIFIED_OPTIONS = yesNoOptions('Verificados', 'No verificados');
const SORT_OPTIONS = labelledOptions(USER_SORTS, SORT_LABELS);

export interface UsersFiltersProps {
  readonly filter: UserFilter;
  readonly sort: UserSort | null;
  readonly onFilterChange: (filter: UserFilter) => void;
  readonly onSortChange: (sort: UserSort | null) => void;
  readonly onClear: () => void;
}

/** Search (debounced), role, status, verified and sort; every change goes to the URL. */
export function UsersFilters({ filter, sort, onFilterChange, onSortChange, onClear }: UsersFiltersProps) {
  const search = useFilterSearch(filter, onFilterChange);
  const field = filterBinder(filter, onFilterChange);
  return (
    <FilterBar label="Filtrar usuarios" onSubmit={search.submit} onClear={onClear} minWidth="180px">
      <TextField label="Buscar" type="search" placeholder="Nombre, email o RUT" {...search.field} />
      <SelectField label="Rol" placeholder="Todos" options={ROLE_OPTIONS} {...field('role')} />
      <SelectField label="Estado" placeholder="Todos" options={STATUS_OPTIONS} {...field('status')} />
      <SelectField label="Verificación" placeholder="Todos" options={VERIFIED_OPTIONS} {...field('verified')} />
      <SelectField label="Ordenar por" placeholder="Predeterminado" options={SORT_OPTIONS} {...sortBinder(sort, onSortChange)} />
    </FilterBar>
  );
}
