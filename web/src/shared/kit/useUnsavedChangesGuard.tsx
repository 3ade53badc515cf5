import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from './ConfirmDialog';

/*
 * Going to the sign-in screen is never held back: a session that ended (expiry, logout elsewhere) must
 * reach it whatever the form holds.
 */
const SIGN_IN = /^\/(login|auth\/)/;

/**
 * While a form holds changes not yet saved, leaving it (a link, back, closing the tab) asks first. Returns
 * the dialog to render next to the form.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname && !SIGN_IN.test(nextLocation.pathname),
  );

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="¿Salir sin guardar?"
      confirmLabel="Salir sin guardar"
      cancelLabel="Seguir editando"
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>Los cambios de este formulario no se han guardado y se perderán.</p>
    </ConfirmDialog>
  );
}
