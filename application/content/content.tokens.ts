import { token } from '../../kernel/ports/token';
import type { SiteContentService } from './site-content-service';

/** The site content module's DI tokens (bound in adapters/composition/backoffice.bindings.ts). */
export const CONTENT = {
  SiteContent: token<SiteContentService>('SiteContentService'),
} as const;
