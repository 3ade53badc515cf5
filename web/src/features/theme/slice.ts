import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ThemeMode } from '../../shared/ui/theme';
import type { ThemeEnvironment } from './environment';

/** Stored choice, else the system preference, which is followed only while nothing is stored (spec §4). */
export interface ThemeState {
  readonly mode: ThemeMode;
  readonly source: 'stored' | 'system';
}

export const initialThemeState = (env: Pick<ThemeEnvironment, 'readStored' | 'systemMode'>): ThemeState => {
  const stored = env.readStored();
  return stored ? { mode: stored, source: 'stored' } : { mode: env.systemMode(), source: 'system' };
};

const slice = createSlice({
  name: 'theme',
  initialState: { mode: 'light', source: 'system' } as ThemeState,
  reducers: {
    toggled(state) {
      return { mode: state.mode === 'dark' ? 'light' : 'dark', source: 'stored' };
    },
    systemPreferenceChanged(state, action: PayloadAction<ThemeMode>) {
      return state.source === 'system' ? { mode: action.payload, source: 'system' } : state;
    },
    /** Another tab stored a choice (or removed it: then the system preference applies). */
    storedChoiceSynced(_state, action: PayloadAction<{ stored: ThemeMode | null; system: ThemeMode }>) {
      const { stored, system } = action.payload;
      return stored ? { mode: stored, source: 'stored' } : { mode: system, source: 'system' };
    },
  },
});

export const themeReducer = slice.reducer;
export const { toggled: themeToggled, systemPreferenceChanged: themeSystemPreferenceChanged, storedChoiceSynced: themeStoredChoiceSynced } = slice.actions;

export const selectThemeMode = (state: { theme: ThemeState }): ThemeMode => state.theme.mode;
