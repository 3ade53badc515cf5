import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { LeadSummary } from '../../../../../contract/leads';
import { formatCLP, formatDate, formatDateTime, formatPhone, formatRut } from '../../../shared/format/format';
import { useApi } from '../../../shared/kit/api-context';
import { ResourceListPage } from '../../../shared/kit/ResourceListPage';
import type { ResourceColumn } from '../../../shared/kit/ResourceTable';
import type { CsvColumn } from '../../../shared/kit/csv';
import type { ListResource } from '../../../shared/kit/useResourceList';
import type { SelectOption } from '../../../shared/ui/fields';
import { Badge, Detail } from '../../../shared/ui/layout';
import { fetchAdvisors, fetchLeads, parseLeadListQuery, type LeadFilter } from '../api/leads-api';
import { LeadsFilters } from '../components/LeadsFilters';
import { sourceLabel, statusLabel } from '../labels';

const LEADS: ListResource<LeadSummary, LeadFilter, never> = { parse: parseLeadListQuery, fetchPage: fetchLeads };

const tone = (status: string) => (status === 'derivated' ? 'success' : status === 'rejected' ? 'danger' : status === 'downloaded' ? 'info' : 'neutral');

const COLUMNS: readonly ResourceColumn<LeadSummary>[] = [
  {
    header: 'Nombre',
    rowHeader: true,
    cell: (l) => <Link to={`/backoffice/leads/${encodeURIComponent(l.id)}`}>{l.name}</Link>,
    csv: { header: 'Nombre', value: (l) => l.name },
  },
  // Email and phone in one column, and the score with its pre-approval: the table keeps to a laptop's width.
  {
    header: 'Contacto',
    cell: (l) => (
      <>
        {l.email}
        <Detail>{l.phone ? formatPhone(l.phone) : 'Sin teléfono'}</Detail>
      </>
    ),
    csv: [
      { header: 'Email', value: (l) => l.email },
      { header: 'Teléfono', value: (l) => l.phone ?? '' },
    ],
  },
  {
    header: 'Estado',
    cell: (l) => <Badge $tone={tone(l.status)}>{statusLabel(l.status)}</Badge>,
    csv: { header: 'Estado', value: (l) => statusLabel(l.status) },
  },
  { header: 'Origen', cell: (l) => sourceLabel(l.source), csv: { header: 'Origen', value: (l) => sourceLabel(l.source) } },
  {
    header: 'Puntaje',
    cell: (l) => (
      <>
        {l.score ?? 'No perfilado'}
        <Detail>{l.preApproved ? 'Preaprobado' : 'Sin preaprobación'}</Detail>
      </>
    ),
    csv: [
      { header: 'Puntaje', value: (l) => (l.score === null ? 'No perfilado' : String(l.score)) },
      { header: 'Preaprobado', value: (l) => (l.preApproved ? 'Sí' : 'No') },
    ],
  },
  { header: 'Asesor', cell: (l) => l.advisorName ?? 'Sin asignar', csv: { header: 'Asesor', value: (l) => l.advisorName ?? '' } },
  {
    header: 'Contactar antes de',
    cell: (l) =>
      l.contactDueAt ? (
        <span>
          {formatDateTime(l.contactDueAt)}
          {l.contactOverdue && (
            <>
              {' '}
              <Badge $tone="danger">Atrasado</Badge>
            </>
          )}
        </span>
      ) : (
        '—'
      ),
    csv: { header: 'Contactar antes de', value: (l) => (l.contactDueAt ? formatDateTime(l.contactDueAt) : '') },
  },
  { header: 'Creado', cell: (l) => formatDate(l.createdAt), csv: { header: 'Creado', value: (l) => formatDate(l.createdAt) } },
];

/** Spec §3 fields the table leaves out; the export has them. */
const EXTRA_CSV: readonly CsvColumn<LeadSummary>[] = [
  { header: 'RUT', value: (l) => (l.dni ? formatRut(l.dni) : '') },
  { header: 'Empresa', value: (l) => l.company ?? '' },
  { header: 'Ingreso mensual', value: (l) => (l.monthlyIncome === null ? '' : formatCLP(l.monthlyIncome)) },
  { header: 'Visitas al sitio', value: (l) => String(l.websiteVisits) },
  { header: 'Documentos descargados', value: (l) => String(l.documentsDownloaded) },
  { header: 'Mensajes de chat', value: (l) => String(l.chatMessages) },
];

/** Back office, Comercial > Leads: the spec's fields, every filter in the URL, CSV export of what is filtered. */
export default function LeadsPage() {
  const api = useApi();
  const [projects, setProjects] = useState<SelectOption[]>([]);
  const [advisors, setAdvisors] = useState<SelectOption[]>([]);
  useEffect(() => {
    // Filter choices the caller may read (an advisor reads neither: the filters are left out).
    api.request<{ projects: { id: string; name: string }[] }>({ method: 'GET', path: '/analytics/filters' }).then(
      (res) => setProjects(res.data.projects.map((p) => ({ value: p.id, label: p.name }))),
      () => setProjects([]),
    );
    fetchAdvisors(api).then(
      (items) => setAdvisors(items.map((a) => ({ value: a.id, label: a.name }))),
      () => setAdvisors([]),
    );
  }, [api]);
  return (
    <ResourceListPage
      title="Leads"
      caption="Lista de leads"
      intro="Prospectos con su estado, puntaje, asesor y el plazo de contacto prometido (24 horas)."
      resource={LEADS}
      columns={COLUMNS}
      extraCsv={EXTRA_CSV}
      emptyMessage="No hay leads con estos filtros."
      exportName="leads"
      filters={(list) => (
        <LeadsFilters filter={list.query.filter} projects={projects} advisors={advisors} onFilterChange={list.setFilter} onClear={list.clear} />
      )}
    />
  );
}
