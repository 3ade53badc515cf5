import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { LoadingScreen } from '../shared/ui/LoadingScreen';
import type { AppStore } from './store';

/** Renders the back office once its slices and sagas are in the store (loaded on the first visit only). */
export function BackofficeFeatures({ children }: { children: ReactNode }) {
  const store = useStore() as AppStore;
  const [ready, setReady] = useState(() => store.backofficeInjected());
  const [failed, setFailed] = useState<unknown>(null);
  useEffect(() => {
    if (ready) return;
    let live = true;
    store.injectBackoffice().then(
      () => live && setReady(true),
      (error: unknown) => live && setFailed(error ?? new Error('back office')),
    );
    return () => {
      live = false;
    };
  }, [ready, store]);
  // A failed chunk download is thrown to the route's error element (RouteError reloads once).
  if (failed) throw failed;
  return ready ? <>{children}</> : <LoadingScreen />;
}
