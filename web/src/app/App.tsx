import { RouterProvider } from 'react-router-dom';
import type { ApiPort } from '../shared/api/port';
import { ApiProvider } from '../shared/kit/api-context';
import { StoreProvider } from '../shared/store/StoreProvider';
import type { AppRouter } from './router';
import type { AppStore } from './store';
import { AppThemeProvider } from './theme';

export function App({ store, router, api }: { store: AppStore; router: AppRouter; api: ApiPort }) {
  return (
    <StoreProvider store={store}>
      <ApiProvider api={api}>
        <AppThemeProvider>
          <RouterProvider router={router} />
        </AppThemeProvider>
      </ApiProvider>
    </StoreProvider>
  );
}
