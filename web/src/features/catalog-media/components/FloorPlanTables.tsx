import { ResourceTable } from '../../../shared/kit/ResourceTable';
import { Button } from '../../../shared/ui/Button';
import type { BackofficeProject } from '../api/catalog-media-api';
import { floorPlanUsage, unitNumbers, type TemplateUsage, type UnitCustomisation } from '../model/floor-plan-usage';

const fileLink = (url: string | null, name: string) =>
  url ? (
    <a href={url} target="_blank" rel="noreferrer">
      Ver {name}
    </a>
  ) : (
    '—'
  );

/** The templates per typology and model with the units that show them, and the units' own plans that override a template. */
export function FloorPlanTables({
  project,
  busy,
  onRemoveTemplate,
  onRemoveCustomisation,
}: {
  project: BackofficeProject;
  busy: boolean;
  onRemoveTemplate: (t: TemplateUsage) => void;
  onRemoveCustomisation: (c: UnitCustomisation) => void;
}) {
  const { templates, customisations } = floorPlanUsage(project);
  return (
    <>
      <ResourceTable
        caption="Plantillas por tipología y modelo"
        columns={[
          { header: 'Tipología', rowHeader: true, cell: (t: TemplateUsage) => t.plan.typology },
          { header: 'Modelo', cell: (t) => t.plan.model || '—' },
          { header: 'Plano', cell: (t) => fileLink(t.plan.url, t.plan.name) },
          { header: 'Unidades que lo usan', cell: (t) => unitNumbers(t.units) },
          {
            header: 'Acciones',
            cell: (t) => (
              <Button variant="danger" disabled={busy} aria-label={`Eliminar el plano ${t.plan.name}`} onClick={() => onRemoveTemplate(t)}>
                Eliminar
              </Button>
            ),
          },
        ]}
        rows={templates}
        rowKey={(t) => t.plan.id}
        loading={false}
        empty={templates.length === 0}
        emptyMessage="Sin plantillas de planos."
      />
      <ResourceTable
        caption="Planos propios de unidades (reemplazan la plantilla)"
        columns={[
          { header: 'Unidad', rowHeader: true, cell: (c: UnitCustomisation) => c.unit?.unitNumber ?? c.unitId },
          { header: 'Tipología y modelo', cell: (c) => (c.unit ? `${c.unit.typology} ${c.unit.model}`.trim() : '—') },
          { header: 'Plano', cell: (c) => fileLink(c.url, c.name) },
          { header: 'Reemplaza a', cell: (c) => c.replaces?.name ?? 'Ninguna plantilla' },
          {
            header: 'Acciones',
            cell: (c) => (
              <Button
                variant="danger"
                disabled={busy}
                aria-label={`Quitar el plano propio de la unidad ${c.unit?.unitNumber ?? c.unitId}`}
                onClick={() => onRemoveCustomisation(c)}
              >
                Quitar
              </Button>
            ),
          },
        ]}
        rows={customisations}
        rowKey={(c) => c.unitId}
        loading={false}
        empty={customisations.length === 0}
        emptyMessage="Ninguna unidad tiene un plano propio."
      />
    </>
  );
}
