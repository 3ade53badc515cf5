import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { CompanyItem } from '../../../../../contract/campaigns';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { Button } from '../../../shared/ui/Button';
import { SelectField, TextField } from '../../../shared/ui/fields';
import type { Region } from '../api/catalog-admin-api';
import { PROJECT_SORTS, withRegion, type ProjectFilter, type ProjectSort } from '../api/projects-query';
import { ASSET_TYPE_LABELS, BUILD_STATUS_LABELS, optionsOf, SORT_LABELS } from '../labels';

const Bar = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(170px, 1fr));
  column-gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  & > button { margin-bottom: ${({ theme }) => theme.space(4)}; }
`;

const ENABLED = [
  { value: 'true', label: 'Habilitados' },
  { value: 'false', label: 'Deshabilitados' },
];
const FEATURED = [
  { value: 'true', label: 'Destacados' },
  { value: 'false', label: 'No destacados' },
];
const SORTS = PROJECT_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }));

export interface ProjectsFiltersProps {
  readonly filter: ProjectFilter;
  readonly sort: ProjectSort | null;
  readonly regions: readonly Region[];
  /** Staff only: a company user sees its own company's projects anyway. */
  readonly realEstates?: readonly CompanyItem[];
  readonly onFilterChange: (filter: ProjectFilter) => void;
  readonly onSortChange: (sort: ProjectSort | null) => void;
  readonly onClear: () => void;
}

/** Search by name (debounced), place, build status, type, visibility, featured and sort; every change goes to the URL. */
export function ProjectsFilters({ filter, sort, regions, realEstates, onFilterChange, onSortChange, onClear }: ProjectsFiltersProps) {
  const [search, setSearch] = useState(filter.search);
  const debounced = useDebouncedValue(search, 350);
  const latest = useRef({ filter, onFilterChange });
  latest.current = { filter, onFilterChange };
  useEffect(() => setSearch(filter.search), [filter.search]);
  useEffect(() => {
    const { filter: current, onFilterChange: change } = latest.current;
    if (debounced !== current.search) change({ ...current, search: debounced });
  }, [debounced]);
  const communes = regions.find((r) => r.code === filter.regionCode)?.communes ?? [];
  const pick = (key: keyof ProjectFilter) => ({ value: filter[key], onChange: (e: { target: { value: string } }) => onFilterChange({ ...filter, [key]: e.target.value }) });
  return (
    <Bar role="search" aria-label="Filtrar proyectos" onSubmit={(e) => { e.preventDefault(); onFilterChange({ ...filter, search }); }}>
      <TextField label="Buscar" type="search" placeholder="Nombre del proyecto" value={search} onChange={(e) => setSearch(e.target.value)} />
      <SelectField label="Región" placeholder="Todas" options={regions.map((r) => ({ value: r.code, label: r.name }))} value={filter.regionCode} onChange={(e) => onFilterChange(withRegion(filter, e.target.value))} />
      <SelectField label="Comuna" placeholder={filter.regionCode ? 'Todas' : 'Elija una región'} disabled={!filter.regionCode} options={communes.map((c) => ({ value: c.code, label: c.name }))} {...pick('communeCode')} />
      <SelectField label="Construcción" placeholder="Todos" options={optionsOf(BUILD_STATUS_LABELS)} {...pick('buildStatus')} />
      <SelectField label="Tipo" placeholder="Todos" options={optionsOf(ASSET_TYPE_LABELS)} {...pick('assetType')} />
      <SelectField label="Visibilidad" placeholder="Todos" options={ENABLED} {...pick('enabled')} />
      <SelectField label="Destacado" placeholder="Todos" options={FEATURED} {...pick('featured')} />
      {realEstates && <SelectField label="Inmobiliaria" placeholder="Todas" options={realEstates.map((c) => ({ value: c.id, label: c.name }))} {...pick('realEstateCompanyId')} />}
      <SelectField label="Ordenar por" placeholder="Predeterminado (por nombre)" options={SORTS} value={sort ?? ''} onChange={(e) => onSortChange((e.target.value || null) as ProjectSort | null)} />
      <Button onClick={onClear}>Limpiar filtros</Button>
    </Bar>
  );
}
