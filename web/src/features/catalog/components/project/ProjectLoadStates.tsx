import type { ApiErrorBody } from '../../../../../../contract/errors';
import { Alert } from '../../../../shared/ui/Alert';
import { Button } from '../../../../shared/ui/Button';
import { TextLink } from '../../../../shared/ui/layout';
import { Skeleton } from '../../../../shared/ui/Skeleton';

/** The project could not be read: not found (or unpublished), or another error with "Reintentar". */
export function ProjectLoadFailed({ error, onRetry }: { readonly error: ApiErrorBody; readonly onRetry: () => void }) {
  const missing = error.code === 'NOT_FOUND';
  return (
    <>
      <h1>{missing ? 'Proyecto no encontrado' : 'No pudimos cargar el proyecto'}</h1>
      <Alert kind="error">
        <p>{missing ? 'El proyecto que busca no existe o ya no está publicado.' : error.message}</p>
        {!missing && (
          <p>
            <Button onClick={onRetry}>Reintentar</Button>
          </p>
        )}
      </Alert>
      <TextLink to="/projects">Ver todos los proyectos</TextLink>
    </>
  );
}

/** Placeholders the shape of the page while the project loads. */
export function ProjectLoading() {
  return (
    <div aria-busy="true" aria-label="Cargando proyecto">
      <Skeleton $height="2.5rem" $width="50%" />
      <br />
      <Skeleton $height="280px" />
      <br />
      <Skeleton />
      <br />
      <Skeleton $width="80%" />
    </div>
  );
}
