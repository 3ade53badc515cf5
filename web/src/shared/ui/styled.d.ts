import 'styled-components';
import type { AppTheme } from './theme';

declare module 'styled-components' {
  /** styled-components' theme type is ours (restating one member keeps the interface non-empty). */
  export interface DefaultTheme extends AppTheme {
    readonly mode: AppTheme['mode'];
  }
}
