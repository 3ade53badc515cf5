import { listMyQuotes } from '../../../read-models/quotes/quotes.projection';
import { listMyReservations } from '../../../read-models/reservations/reservations.queries';
import type { HttpDeps } from '../deps';
import { route, type RouteDef } from '../route';
import { quotesEndpoints } from '../../../contract/endpoints/quotes';
import { buyer, eventPosition, pathId, sendPdf } from './route-helpers';

/** Quotes (create, mine with date filters, PDF download, PDF by email) and the buyer's documents. */
export const quotesRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  route(quotesEndpoints.postQuotes, {
    summary: "Quote a unit: its price (normal or bonus), the buyer's company contribution, financing at today's UF; valid 7 days",
    tag: 'quotes',
    access: 'quotes:manage',
    responses: { 201: 'The quote', 404: 'NOT_FOUND', 409: 'UNIT_ALREADY_RESERVED / PROPERTY_NOT_AVAILABLE' },
    handler: async ({ body, auth, res, meta }) => {
      const { quote, position } = await deps.quotes.create(buyer(auth), body, meta);
      eventPosition(res, position);
      res.status(201);
      return { id: quote.quoteId, ...quote, pdfUrl: `/api/v1/quotes/${quote.quoteId}/pdf` };
    },
  }),
  route(quotesEndpoints.getQuotesMine, {
    summary: "The buyer's quotes, newest first; from/to filter on the day of issue",
    tag: 'quotes',
    access: 'quotes:manage',
    handler: async ({ query, auth, meta }) => listMyQuotes(deps.readStore, buyer(auth).userId, query, meta.now),
  }),
  route(quotesEndpoints.getQuotesById, {
    summary: 'One of my quotes as issued',
    tag: 'quotes',
    access: 'quotes:manage',
    handler: async ({ params, auth }) => {
      const quote = await deps.quotes.issued(pathId(params), buyer(auth));
      return { id: quote.quoteId, ...quote, pdfUrl: `/api/v1/quotes/${quote.quoteId}/pdf` };
    },
  }),
  route(quotesEndpoints.getQuotesByIdPdf, {
    summary: 'Download the quote as PDF (recorded as a download on the quote and the lead)',
    tag: 'quotes',
    access: 'quotes:manage',
    produces: 'application/pdf',
    responses: { 200: 'application/pdf' },
    handler: async ({ params, auth, res, meta }) => {
      const { quote, pdf } = await deps.quotes.pdf(pathId(params), buyer(auth), meta);
      sendPdf(res, `cotizacion-${quote.number}.pdf`, pdf);
    },
  }),
  route(quotesEndpoints.postQuotesByIdEmail, {
    summary: "Send the quote's PDF to the buyer's own email",
    tag: 'quotes',
    access: 'quotes:manage',
    responses: { 429: 'RATE_LIMIT_EXCEEDED' },
    handler: async ({ req, params, auth, res, meta }) => {
      await deps.mailLimit.before(req.ip ?? 'unknown', auth!.principal.user.email); // every mail-sending route is throttled
      const sent = await deps.quotes.email(pathId(params), buyer(auth), meta);
      eventPosition(res, sent.position);
      return { success: true, to: sent.to, message: `Enviamos la cotización a ${sent.to}.` };
    },
  }),
  route(quotesEndpoints.getDocumentsMine, {
    summary: "My documents: quotes' PDFs and the receipts of confirmed reservations",
    tag: 'quotes',
    access: 'authenticated',
    handler: async ({ auth, meta }) => {
      const me = buyer(auth);
      const [quotes, reservations] = await Promise.all([
        listMyQuotes(deps.readStore, me.userId, { page: 1, perPage: 100 }, meta.now),
        listMyReservations(deps.readStore, me.userId),
      ]);
      const items = [
        ...quotes.items.map((q) => ({
          kind: 'quote' as const,
          id: q.id,
          title: `Cotización ${String(q.number)}`,
          createdAt: String(q.createdAt),
          url: q.pdfUrl,
        })),
        ...reservations.items
          .filter((r) => r.status === 'confirmed')
          .map((r) => ({
            kind: 'reservation_receipt' as const,
            id: r.id,
            title: `Comprobante de reserva: ${String(r.projectName)}, unidad ${String(r.unitNumber)}`,
            createdAt: String(r.confirmedAt ?? r.updatedAt),
            url: `/api/v1/reservations/${r.id}/receipt`,
          })),
      ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return { items, total: items.length };
    },
  }),
];
