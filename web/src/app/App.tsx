import { RouterProvider } from 'react-router-dom';
import { StoreProvider } from '../shared/store/StoreProvider';
import type { AppRouter } from './router';
import type { AppStore } from './store';
import { AppThemeProvider } from './theme';

export function App({ store, router }: { store: AppStore; router: AppRouter }) {
  return (
    <StoreProvider store={store}>
      <AppThemeProvider>
        <RouterProvider router={router} />
      </AppThemeProvider>
    </StoreProvider>
  );
}
