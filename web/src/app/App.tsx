import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { ApiPort } from '../shared/api/port';
import { ApiProvider } from '../shared/kit/api-context';
import type { FirstReads } from '../shared/kit/first-reads';
import { FirstReadsProvider } from '../shared/kit/FirstReadsProvider';
import { StoreProvider } from '../shared/store/StoreProvider';
import type { AppRouter } from './router';
import type { AppStore } from './store';
import { AppThemeProvider } from './theme';

interface ProvidersProps {
  readonly store: AppStore;
  readonly api: ApiPort;
  /** Present while a server-rendered page renders or hydrates. */
  readonly firstReads?: FirstReads | null;
  readonly children: ReactNode;
}

/** What every screen reads from: the browser app and the server's rendering (entry-server.tsx) alike. */
export function AppProviders({ store, api, firstReads = null, children }: ProvidersProps) {
  return (
    <StoreProvider store={store}>
      <ApiProvider api={api}>
        <FirstReadsProvider reads={firstReads}>
          <AppThemeProvider>{children}</AppThemeProvider>
        </FirstReadsProvider>
      </ApiProvider>
    </StoreProvider>
  );
}

export function App({ store, router, api, firstReads }: { store: AppStore; router: AppRouter; api: ApiPort; firstReads?: FirstReads | null }) {
  return (
    <AppProviders store={store} api={api} firstReads={firstReads}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
