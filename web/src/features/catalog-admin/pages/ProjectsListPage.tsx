import { formatDate, formatDateTime, formatInteger } from '../../../shared/format/format';
import { ResourceListPage } from '../../../shared/kit/ResourceListPage';
import type { ResourceColumn } from '../../../shared/kit/ResourceTable';
import type { ListResource } from '../../../shared/kit/useResourceList';
import { Badge, Row, TextLink } from '../../../shared/ui/layout';
import type { ProjectRow } from '../api/catalog-admin-api';
import { fetchProjectPage, parseProjectQuery, type ProjectFilter, type ProjectSort } from '../api/projects-query';
import { LinkButton } from '../components/LinkButton';
import { ProjectsFilters } from '../components/ProjectsFilters';
import { useReferenceData } from '../hooks/useReferenceData';
import { ASSET_TYPE_LABELS, BUILD_STATUS_LABELS } from '../labels';

const PROJECTS: ListResource<ProjectRow, ProjectFilter, ProjectSort> = { parse: parseProjectQuery, fetchPage: fetchProjectPage };

const columns = (basePath: string): ResourceColumn<ProjectRow>[] => [
  {
    header: 'Proyecto',
    sort: 'name',
    rowHeader: true,
    cell: (p) => <TextLink to={`${basePath}/${encodeURIComponent(p.id)}`}>{p.name}</TextLink>,
    csv: { header: 'Proyecto', value: (p) => p.name },
  },
  { header: 'Inmobiliaria', cell: (p) => p.realEstate.name, csv: { header: 'Inmobiliaria', value: (p) => p.realEstate.name } },
  { header: 'Comuna', cell: (p) => p.communeName, csv: { header: 'Comuna', value: (p) => `${p.communeName}, ${p.regionName}` } },
  { header: 'Tipo', cell: (p) => ASSET_TYPE_LABELS[p.assetType], csv: { header: 'Tipo', value: (p) => ASSET_TYPE_LABELS[p.assetType] } },
  {
    header: 'Construcción',
    cell: (p) => BUILD_STATUS_LABELS[p.buildStatus],
    csv: { header: 'Construcción', value: (p) => BUILD_STATUS_LABELS[p.buildStatus] },
  },
  {
    header: 'Disponibles',
    cell: (p) => `${formatInteger(p.units.available)} / ${formatInteger(p.units.total)}`,
    csv: { header: 'Unidades disponibles', value: (p) => `${p.units.available}/${p.units.total}` },
  },
  {
    header: 'Estado',
    cell: (p) => (
      <Row $gap={1}>
        {p.enabled ? <Badge $tone="success">Habilitado</Badge> : <Badge $tone="warning">Deshabilitado</Badge>}
        {p.featuredOrder !== null && <Badge $tone="info">Destacado</Badge>}
      </Row>
    ),
    csv: { header: 'Estado', value: (p) => `${p.enabled ? 'Habilitado' : 'Deshabilitado'}${p.featuredOrder !== null ? ', destacado' : ''}` },
  },
  { header: 'Modificado', sort: 'updatedAt', cell: (p) => formatDate(p.updatedAt), csv: { header: 'Modificado', value: (p) => formatDateTime(p.updatedAt) } },
];

export interface ProjectsListPageProps {
  readonly basePath: string;
  readonly title: string;
  /** Staff filter by real-estate company; a company user sees only its own company's projects. */
  readonly staff: boolean;
}

/** The projects (disabled ones too) with search, filters and sort in the URL, and their CSV export. */
export default function ProjectsListPage({ basePath, title, staff }: ProjectsListPageProps) {
  const reference = useReferenceData();
  const regions = reference.status === 'loaded' ? reference.regions : [];
  const realEstates = staff && reference.status === 'loaded' ? reference.realEstates : undefined;
  return (
    <ResourceListPage
      title={title}
      actions={<LinkButton to={`${basePath}/new`}>Nuevo proyecto</LinkButton>}
      caption="Lista de proyectos"
      resource={PROJECTS}
      columns={columns(basePath)}
      intro="Proyectos habilitados y deshabilitados; un proyecto nuevo queda deshabilitado hasta que lo habilite."
      emptyMessage="No hay proyectos con estos filtros."
      exportName="proyectos"
      filters={(list) => (
        <ProjectsFilters
          filter={list.query.filter}
          sort={list.query.sort}
          regions={regions}
          realEstates={realEstates}
          onFilterChange={list.setFilter}
          onSortChange={list.setSort}
          onClear={list.clear}
        />
      )}
    />
  );
}
