import type { ThemeMode } from '../../shared/ui/theme';

/** Where the theme choice lives (localStorage 'theme') and what the system prefers. */
export interface ThemeEnvironment {
  readStored(): ThemeMode | null;
  writeStored(mode: ThemeMode): void;
  systemMode(): ThemeMode;
  subscribeSystem(listener: (mode: ThemeMode) => void): () => void;
  /** Another tab changed (or removed) the stored choice. */
  subscribeStored(listener: (mode: ThemeMode | null) => void): () => void;
}

export const THEME_STORAGE_KEY = 'theme';
export const THEME_ENVIRONMENT = 'themeEnvironment';
