/** Light and dark design tokens for styled-components (spec §4: theme light/dark). */
export type ThemeMode = 'light' | 'dark';

export interface AppTheme {
  readonly mode: ThemeMode;
  readonly colors: {
    readonly background: string;
    readonly surface: string;
    readonly surfaceAlt: string;
    readonly text: string;
    readonly textMuted: string;
    readonly border: string;
    readonly primary: string;
    readonly primaryHover: string;
    readonly onPrimary: string;
    readonly danger: string;
    readonly dangerSurface: string;
    readonly success: string;
    readonly successSurface: string;
    readonly warning: string;
    readonly warningSurface: string;
    readonly info: string;
    readonly infoSurface: string;
    readonly focus: string;
    readonly overlay: string;
    readonly skeleton: string;
    readonly link: string;
  };
  readonly radius: { readonly sm: string; readonly md: string; readonly lg: string };
  readonly shadow: string;
  readonly font: { readonly family: string; readonly mono: string };
  readonly space: (n: number) => string;
}

const space = (n: number) => `${n * 0.25}rem`;
const radius = { sm: '4px', md: '8px', lg: '14px' };
const font = {
  family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
};

export const lightTheme: AppTheme = {
  mode: 'light',
  colors: {
    background: '#f5f7fa',
    surface: '#ffffff',
    surfaceAlt: '#eef2f7',
    text: '#1a2230',
    textMuted: '#4f5b6d',
    border: '#c9d2de',
    primary: '#0b5cad',
    primaryHover: '#094a8b',
    onPrimary: '#ffffff',
    danger: '#b3261e',
    dangerSurface: '#fdecea',
    success: '#1e6b34',
    successSurface: '#e7f4ea',
    warning: '#8a5300',
    warningSurface: '#fff4e0',
    info: '#0b5cad',
    infoSurface: '#e6f0fb',
    focus: '#f5a623',
    overlay: 'rgba(15, 23, 42, 0.55)',
    skeleton: '#e2e8f0',
    link: '#0b5cad',
  },
  radius,
  shadow: '0 1px 3px rgba(15, 23, 42, 0.12), 0 4px 16px rgba(15, 23, 42, 0.06)',
  font,
  space,
};

export const darkTheme: AppTheme = {
  mode: 'dark',
  colors: {
    background: '#0f1520',
    surface: '#172030',
    surfaceAlt: '#1f2a3d',
    text: '#e8edf4',
    textMuted: '#a9b4c4',
    border: '#34425a',
    primary: '#5aa2f0',
    primaryHover: '#7db6f4',
    onPrimary: '#0b1422',
    danger: '#ff8a80',
    dangerSurface: '#3b1d1c',
    success: '#7bd88f',
    successSurface: '#163222',
    warning: '#ffc76b',
    warningSurface: '#3a2c12',
    info: '#8cc2ff',
    infoSurface: '#15294a',
    focus: '#ffcc4d',
    overlay: 'rgba(0, 0, 0, 0.65)',
    skeleton: '#26334a',
    link: '#8cc2ff',
  },
  radius,
  shadow: '0 1px 3px rgba(0, 0, 0, 0.4), 0 4px 16px rgba(0, 0, 0, 0.3)',
  font,
  space,
};

export const themes: Readonly<Record<ThemeMode, AppTheme>> = { light: lightTheme, dark: darkTheme };
