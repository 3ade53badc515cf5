import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { reloadOncePerSession } from '../browser/chunk-reload';
import { Button } from './Button';

const Screen = styled.div`
  min-height: 60vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(6)};
  text-align: center;
`;

/**
 * Shown when a lazily loaded screen fails to download (usually a new deploy): reloads the page once
 * per browser session after 100 ms; if that already happened, offers a manual reload instead.
 */
export function ChunkLoadErrorScreen() {
  const [reloading, setReloading] = useState(true);
  const attempted = useRef(false);
  useEffect(() => {
    if (attempted.current) return;
    attempted.current = true;
    setReloading(reloadOncePerSession({ storage: window.sessionStorage, reload: () => window.location.reload() }));
  }, []);
  return (
    <Screen role="alert">
      <h1>Loading Issue Detected</h1>
      {reloading ? (
        <p>The page is being refreshed to fix a loading issue...</p>
      ) : (
        <>
          <p>No pudimos cargar esta sección. Revise su conexión y recargue la página.</p>
          <Button variant="primary" onClick={() => window.location.reload()}>
            Recargar página
          </Button>
        </>
      )}
    </Screen>
  );
}
