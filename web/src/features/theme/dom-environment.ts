import type { ThemeMode } from '../../shared/ui/theme';
import { THEME_STORAGE_KEY, type ThemeEnvironment } from './environment';

// Browser binding (localStorage, matchMedia, storage events); imported only by the composition root.

const asMode = (value: string | null): ThemeMode | null => (value === 'light' || value === 'dark' ? value : null);

export const browserThemeEnvironment = (): ThemeEnvironment => {
  const query = window.matchMedia?.('(prefers-color-scheme: dark)');
  return {
    readStored() {
      try {
        return asMode(window.localStorage.getItem(THEME_STORAGE_KEY));
      } catch {
        return null;
      }
    },
    writeStored(mode) {
      try {
        window.localStorage.setItem(THEME_STORAGE_KEY, mode);
      } catch {
        // Choice then lasts for this page only.
      }
    },
    systemMode: () => (query?.matches ? 'dark' : 'light'),
    subscribeSystem(listener) {
      if (!query) return () => undefined;
      const onChange = (event: MediaQueryListEvent) => listener(event.matches ? 'dark' : 'light');
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    subscribeStored(listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.key === THEME_STORAGE_KEY || event.key === null) listener(asMode(event.newValue));
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
};
