import { token } from '../../kernel/ports/token';
import type { DocumentRenderer } from './documents';
import type { QuoteService } from './quote-service';

/** The quotes module's DI tokens (bound in adapters/composition/quotes.bindings.ts). */
export const QUOTES = {
  Quotes: token<QuoteService>('QuoteService'),
  /** Quote and receipt PDFs (the reservations module's receipts use it too). */
  DocumentRenderer: token<DocumentRenderer>('DocumentRenderer'),
} as const;
