import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { Alert } from '../../../shared/ui/Alert';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Muted, Stack } from '../../../shared/ui/layout';
import { ProjectForm } from '../components/project-form/ProjectForm';
import { OnlinePaymentNotice } from '../components/OnlinePaymentNotice';
import { ProjectHeader } from '../components/ProjectHeader';
import { useProject } from '../hooks/useProject';
import { useReferenceData } from '../hooks/useReferenceData';

export interface ProjectScreenProps {
  /** Where this area's projects live: /backoffice/projects or /company-portal/listings. */
  readonly basePath: string;
  /** The back office links the project's pictures and floor plans. */
  readonly mediaLinks?: boolean;
}

/** Today in the person's calendar (yyyy-mm-dd), a new project's entry date. */
const today = () => new Date().toLocaleDateString('sv-SE');

/** A new project: it starts disabled; saving opens its screen, where units are added and it is enabled. */
export function NewProjectPage({ basePath }: ProjectScreenProps) {
  useDocumentTitle('Nuevo proyecto');
  const navigate = useNavigate();
  const reference = useReferenceData();
  const onCreated = useCallback((id: string) => navigate(`${basePath}/${encodeURIComponent(id)}`, { state: { created: true } }), [navigate, basePath]);
  return (
    <Stack $gap={3}>
      <h1>Nuevo proyecto</h1>
      <Muted>El proyecto se crea deshabilitado: los compradores no lo ven hasta que lo habilite.</Muted>
      {reference.status === 'failed' && <LoadFailed message={reference.message} onRetry={() => window.location.reload()} />}
      {reference.status === 'loading' && <Muted>Cargando...</Muted>}
      {reference.status === 'loaded' && reference.realEstates.length === 0 && (
        <Alert kind="warning">Su cuenta no está asociada a una inmobiliaria: pida a un administrador que la asigne para publicar proyectos.</Alert>
      )}
      {reference.status === 'loaded' && reference.realEstates.length > 0 && (
        <ProjectForm
          project={null}
          regions={reference.regions}
          realEstates={reference.realEstates}
          today={today()}
          onCreated={onCreated}
          onSaved={() => undefined}
          onReload={() => undefined}
          onCancel={() => navigate(basePath)}
        />
      )}
    </Stack>
  );
}

/** A project's fields, in sections, with the switch that shows it to buyers or hides it. */
export default function ProjectEditPage({ basePath, mediaLinks = false }: ProjectScreenProps) {
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const { state, reload } = useProject(projectId);
  const reference = useReferenceData();
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const [notice, setNotice] = useState<string | null>(created ? 'Proyecto creado. Agregue sus unidades y habilítelo cuando esté listo.' : null);
  useDocumentTitle(state.status === 'loaded' ? state.project.name : 'Proyecto');
  const changed = (message: string) => {
    setNotice(message);
    reload();
  };
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;
  if (state.status === 'loading' || reference.status === 'loading') return <Muted>Cargando...</Muted>;
  if (reference.status === 'failed') return <LoadFailed message={reference.message} onRetry={() => window.location.reload()} />;
  const { project } = state;
  return (
    <Stack $gap={3}>
      <ProjectHeader project={project} basePath={basePath} mediaLinks={mediaLinks} onChanged={changed} />
      {notice && <Alert kind="success">{notice}</Alert>}
      <OnlinePaymentNotice project={project} />
      <ProjectForm
        key={project.id}
        project={project}
        regions={reference.regions}
        realEstates={reference.realEstates}
        today={today()}
        onCreated={() => undefined}
        onSaved={changed}
        onReload={() => changed('Se cargó la versión actual del proyecto.')}
        onCancel={() => navigate(basePath)}
      />
    </Stack>
  );
}
