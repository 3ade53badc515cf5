import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { ROLE_NAMES, roleLabel } from '../../../shared/auth/roles';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { Button } from '../../../shared/ui/Button';
import { SelectField, TextField } from '../../../shared/ui/fields';
import { USER_SORTS, USER_STATUSES, type UserFilter, type UserSort } from '../api/users-api';
import { SORT_LABELS, STATUS_LABELS } from '../labels';

const Bar = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  column-gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  & > button { margin-bottom: ${({ theme }) => theme.space(4)}; }
`;

const ROLE_OPTIONS = ROLE_NAMES.map((r) => ({ value: r, label: roleLabel(r) }));
const STATUS_OPTIONS = USER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));
const VERIFIED_OPTIONS = [
  { value: 'true', label: 'Verificados' },
  { value: 'false', label: 'No verificados' },
];
const SORT_OPTIONS = USER_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }));

export interface UsersFiltersProps {
  readonly filter: UserFilter;
  readonly sort: UserSort | null;
  readonly onFilterChange: (filter: UserFilter) => void;
  readonly onSortChange: (sort: UserSort | null) => void;
  readonly onClear: () => void;
}

/** Search (debounced), role, status, verified and sort; every change goes to the URL. */
export function UsersFilters({ filter, sort, onFilterChange, onSortChange, onClear }: UsersFiltersProps) {
  const [search, setSearch] = useState(filter.search);
  const debounced = useDebouncedValue(search, 350);

  // Only the debounced text triggers a search; the latest filter and callback are read through a ref.
  const latest = useRef({ filter, onFilterChange });
  latest.current = { filter, onFilterChange };

  useEffect(() => setSearch(filter.search), [filter.search]);
  useEffect(() => {
    const { filter: current, onFilterChange: change } = latest.current;
    if (debounced !== current.search) change({ ...current, search: debounced });
  }, [debounced]);

  return (
    <Bar role="search" aria-label="Filtrar usuarios" onSubmit={(e) => { e.preventDefault(); onFilterChange({ ...filter, search }); }}>
      <TextField label="Buscar" type="search" placeholder="Nombre, email o RUT" value={search} onChange={(e) => setSearch(e.target.value)} />
      <SelectField label="Rol" placeholder="Todos" options={ROLE_OPTIONS} value={filter.role} onChange={(e) => onFilterChange({ ...filter, role: e.target.value })} />
      <SelectField label="Estado" placeholder="Todos" options={STATUS_OPTIONS} value={filter.status} onChange={(e) => onFilterChange({ ...filter, status: e.target.value })} />
      <SelectField label="Verificación" placeholder="Todos" options={VERIFIED_OPTIONS} value={filter.verified} onChange={(e) => onFilterChange({ ...filter, verified: e.target.value })} />
      <SelectField label="Ordenar por" placeholder="Predeterminado" options={SORT_OPTIONS} value={sort ?? ''} onChange={(e) => onSortChange((e.target.value || null) as UserSort | null)} />
      <Button onClick={onClear}>Limpiar filtros</Button>
    </Bar>
  );
}
