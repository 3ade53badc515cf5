import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { toApiErrorBody } from '../../../shared/api/errors';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { ConfirmDialog } from '../../../shared/kit/ConfirmDialog';
import { Alert } from '../../../shared/ui/Alert';
import { Stack } from '../../../shared/ui/layout';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { LoadingScreen } from '../../../shared/ui/LoadingScreen';
import { deleteFloorPlan, deleteUnitPlan } from '../api/catalog-media-api';
import { BulkFloorPlanWizard } from '../components/BulkFloorPlanWizard';
import { FloorPlanTables } from '../components/FloorPlanTables';
import { FloorPlanUploadForm } from '../components/FloorPlanUploadForm';
import { ProjectMediaHeader } from '../components/ProjectMediaHeader';
import { useProject } from '../components/useProject';
import type { TemplateUsage, UnitCustomisation } from '../model/floor-plan-usage';

type Removal = { kind: 'template'; item: TemplateUsage } | { kind: 'unit'; item: UnitCustomisation };

/** A project's floor plans: templates per typology and model, units' own plans, one upload, the bulk upload. */
export default function FloorPlansPage({ projectsPath }: { readonly projectsPath: string }) {
  const { projectId = '' } = useParams();
  const api = useApi();
  const { state, reload } = useProject(projectId);
  useDocumentTitle(state.status === 'loaded' ? `Planos: ${state.project.name}` : 'Planos del proyecto');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [removing, setRemoving] = useState<Removal | null>(null);
  const [busy, setBusy] = useState(false);

  if (state.status === 'loading') return <LoadingScreen message="Cargando planos..." />;
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={() => void reload()} />;
  const { project } = state;
  /** The success notice waits for the list read back, so it never announces a plan the page does not show yet. */
  const uploaded = async (text: string) => {
    await reload();
    setNotice({ kind: 'success', text });
  };
  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      if (removing.kind === 'template') await deleteFloorPlan(api, projectId, removing.item.plan.id);
      else await deleteUnitPlan(api, projectId, removing.item.unitId);
      await reload();
      setNotice({
        kind: 'success',
        text:
          removing.kind === 'template'
            ? `Se eliminó el plano ${removing.item.plan.name}.`
            : `La unidad ${removing.item.unit?.unitNumber ?? ''} vuelve a mostrar la plantilla.`,
      });
      setRemoving(null);
    } catch (error) {
      setNotice({ kind: 'error', text: toApiErrorBody(error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack $gap={4}>
      <ProjectMediaHeader projectsPath={projectsPath} projectId={projectId} projectName={project.name} title="Planos" />
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      <FloorPlanTables
        project={project}
        busy={busy}
        onRemoveTemplate={(item) => setRemoving({ kind: 'template', item })}
        onRemoveCustomisation={(item) => setRemoving({ kind: 'unit', item })}
      />
      <FloorPlanUploadForm projectId={projectId} units={project.units} onUploaded={(text) => void uploaded(text)} />
      <BulkFloorPlanWizard projectId={projectId} units={project.units} onFinished={(text) => void uploaded(text)} />
      <ConfirmDialog
        open={!!removing}
        title={removing?.kind === 'unit' ? 'Quitar el plano propio' : 'Eliminar plano'}
        confirmLabel={removing?.kind === 'unit' ? 'Quitar plano' : 'Eliminar plano'}
        danger
        busy={busy}
        busyLabel="Eliminando..."
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      >
        <p>
          {removing?.kind === 'unit'
            ? `La unidad ${removing.item.unit?.unitNumber ?? ''} volverá a mostrar la plantilla de su tipología y modelo.`
            : `Se eliminará el plano ${removing?.item.plan.name ?? ''}; las unidades que lo usan quedarán sin plano.`}
        </p>
      </ConfirmDialog>
    </Stack>
  );
}
