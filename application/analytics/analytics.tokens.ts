import { token } from '../../kernel/ports/token';
import type { PageViewCounter } from './page-view-counter';

/** The analytics module's DI tokens (bound in adapters/composition/analytics.bindings.ts). */
export const ANALYTICS = {
  PageViews: token<PageViewCounter>('PageViewCounter'),
} as const;
