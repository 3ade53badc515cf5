import { CATALOG } from '../../application/catalog/catalog.tokens';
import { FINANCING } from '../../application/financing/financing.tokens';
import { LEADS } from '../../application/leads/leads.tokens';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import { QUOTES } from '../../application/quotes/quotes.tokens';
import { QuoteService } from '../../application/quotes/quote-service';
import { PdfkitDocumentRenderer } from '../pdf/pdfkit-document-renderer';
import type { ModuleBindings } from './module-bindings';

/** Quotes: the buyer's quote, its PDF (the renderer the reservation receipts share) and its mail. */
export const quotesBindings: ModuleBindings = {
  name: 'quotes',
  bind(bind) {
    bind(QUOTES.DocumentRenderer).toConstantValue(new PdfkitDocumentRenderer());
    bind(QUOTES.Quotes)
      .toDynamicValue(
        (ctx) =>
          new QuoteService(
            resolve(ctx, TOKENS.EventStore),
            resolve(ctx, TOKENS.ReadStore),
            resolve(ctx, CATALOG.Catalog),
            resolve(ctx, FINANCING.Uf),
            resolve(ctx, LEADS.Leads),
            resolve(ctx, QUOTES.DocumentRenderer),
            resolve(ctx, TOKENS.Mailer),
            resolve(ctx, TOKENS.IdGenerator),
            resolve(ctx, FINANCING.FinancialParameters),
          ),
      )
      .inSingletonScope();
  },
};
