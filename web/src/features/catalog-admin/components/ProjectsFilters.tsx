import type { CompanyItem } from '../../../../../contract/campaigns';
import { FilterBar, filterBinder, sortBinder, useFilterSearch, yesNoOptions } from '../../../shared/kit/FilterBar';
import { SelectField, TextField } from '../../../shared/ui/fields';
import type { Region } from '../api/catalog-admin-api';
import { PROJECT_SORTS, withRegion, type ProjectFilter, type ProjectSort } from '../api/projects-query';
import { ASSET_TYPE_LABELS, BUILD_STATUS_LABELS, optionsOf, SORT_LABELS } from '../labels';

const ENABLED = yesNoOptions('Habilitados', 'Deshabilitados');
const FEATURED = yesNoOptions('Destacados', 'No destacados');
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
  const search = useFilterSearch(filter, onFilterChange);
  const communes = regions.find((r) => r.code === filter.regionCode)?.communes ?? [];
  const pick = filterBinder(filter, onFilterChange);
  return (
    <FilterBar label="Filtrar proyectos" onSubmit={search.submit} onClear={onClear}>
      <TextField label="Buscar" type="search" placeholder="Nombre del proyecto" {...search.field} />
      <SelectField
        label="Región"
        placeholder="Todas"
        options={regions.map((r) => ({ value: r.code, label: r.name }))}
        value={filter.regionCode}
        onChange={(e) => onFilterChange(withRegion(filter, e.target.value))}
      />
      <SelectField
        label="Comuna"
        placeholder={filter.regionCode ? 'Todas' : 'Elija una región'}
        disabled={!filter.regionCode}
        options={communes.map((c) => ({ value: c.code, label: c.name }))}
        {...pick('communeCode')}
      />
      <SelectField label="Construcción" placeholder="Todos" options={optionsOf(BUILD_STATUS_LABELS)} {...pick('buildStatus')} />
      <SelectField label="Tipo" placeholder="Todos" options={optionsOf(ASSET_TYPE_LABELS)} {...pick('assetType')} />
      <SelectField label="Visibilidad" placeholder="Todos" options={ENABLED} {...pick('enabled')} />
      <SelectField label="Destacado" placeholder="Todos" options={FEATURED} {...pick('featured')} />
      {realEstates && (
        <SelectField
          label="Inmobiliaria"
          placeholder="Todas"
          options={realEstates.map((c) => ({ value: c.id, label: c.name }))}
          {...pick('realEstateCompanyId')}
        />
      )}
      <SelectField label="Ordenar por" placeholder="Predeterminado (por nombre)" options={SORTS} {...sortBinder(sort, onSortChange)} />
    </FilterBar>
  );
}
