import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import NotFoundPage from '../features/public-site/pages/NotFoundPage';
import { isChunkLoadError } from '../shared/browser/chunk-reload';
import { Button } from '../shared/ui/Button';
import { ChunkLoadErrorScreen } from '../shared/ui/ChunkLoadErrorScreen';
import { Card, Container } from '../shared/ui/layout';

/** Route-level error boundary: stale chunks reload once, 404s show not-found, the rest a Spanish notice. */
export function RouteError() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <ChunkLoadErrorScreen />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Container $width="medium">
      <Card role="alert">
        <h1>Ha ocurrido un error inesperado.</h1>
        <p>Intente recargar la página. Si el problema continúa, contacte a soporte.</p>
        <Button variant="primary" onClick={() => window.location.reload()}>
          Recargar página
        </Button>
      </Card>
    </Container>
  );
}
