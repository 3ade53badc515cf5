import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { BackofficeUnitRow } from '../../../../../contract/catalog-admin';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Muted, Row, Stack } from '../../../shared/ui/layout';
import { Modal } from '../../../shared/ui/Modal';
import { ProjectHeader } from '../components/ProjectHeader';
import { UnitForm } from '../components/units/UnitForm';
import { UnitsTable } from '../components/units/UnitsTable';
import { useProject } from '../hooks/useProject';
import type { ProjectScreenProps } from './ProjectEditPage';

type Notice = { kind: 'success' | 'error'; text: string };

/** A project's units: the table with quick price edits, and the full unit form for a new or an existing unit. */
export default function ProjectUnitsPage({ basePath, mediaLinks = false }: ProjectScreenProps) {
  const { projectId = '' } = useParams();
  const { state, reload } = useProject(projectId);
  const [editing, setEditing] = useState<BackofficeUnitRow | 'new' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  useDocumentTitle(state.status === 'loaded' ? `Unidades de ${state.project.name}` : 'Unidades');
  const done = (next: Notice) => {
    setNotice(next);
    setEditing(null);
    reload();
  };
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;
  if (state.status === 'loading') return <Muted>Cargando...</Muted>;
  const { project } = state;
  return (
    <Stack $gap={3}>
      <ProjectHeader project={project} basePath={basePath} mediaLinks={mediaLinks} onChanged={(text) => done({ kind: 'success', text })} />
      {notice && (
        <Alert kind={notice.kind} title={notice.kind === 'error' ? 'No se guardó el cambio' : undefined}>
          <p>{notice.text}</p>
        </Alert>
      )}
      <Row $justify="space-between" $align="center">
        <h2>Unidades</h2>
        <Button variant="primary" onClick={() => setEditing('new')}>
          Nueva unidad
        </Button>
      </Row>
      <UnitsTable
        units={project.units}
        onEdit={setEditing}
        onChanged={(text) => done({ kind: 'success', text })}
        onFailed={(text) => done({ kind: 'error', text })}
      />
      <Modal open={editing !== null} title={editing === 'new' ? 'Nueva unidad' : `Unidad ${editing?.unitNumber ?? ''}`} onClose={() => setEditing(null)}>
        {editing !== null && (
          <UnitForm
            projectId={project.id}
            unit={editing === 'new' ? null : editing}
            onDone={(text) => done({ kind: 'success', text })}
            onConflict={() => done({ kind: 'error', text: 'Otra persona modificó esta unidad: se cargó la versión actual.' })}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}
