import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { selectThemeMode } from '../features/theme/slice';
import { useAppSelector } from '../shared/store/StoreProvider';
import { GlobalStyle } from '../shared/ui/GlobalStyle';
import { themes } from '../shared/ui/theme';

/** The styled-components theme follows the theme slice (stored choice, else system preference). */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const mode = useAppSelector(selectThemeMode);
  return (
    <ThemeProvider theme={themes[mode]}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}
