import { endpoint } from '../endpoint';
import { createQuoteBody, issuedQuoteResponse, myDocumentsResponse, myQuotesQuery, myQuotesResponse, quoteEmailedResponse } from '../quotes';
import { emptyBody } from '../common';

/** The endpoints served by adapters/http/routes/quotes.routes.ts. */
export const quotesEndpoints = {
  postQuotes: endpoint({ method: 'post', path: '/quotes', body: createQuoteBody, response: issuedQuoteResponse }),
  getQuotesMine: endpoint({ method: 'get', path: '/quotes/mine', query: myQuotesQuery, response: myQuotesResponse }),
  getQuotesById: endpoint({ method: 'get', path: '/quotes/:id', response: issuedQuoteResponse }),
  getQuotesByIdPdf: endpoint({ method: 'get', path: '/quotes/:id/pdf' }),
  postQuotesByIdEmail: endpoint({ method: 'post', path: '/quotes/:id/email', body: emptyBody, response: quoteEmailedResponse }),
  getDocumentsMine: endpoint({ method: 'get', path: '/documents/mine', response: myDocumentsResponse }),
};
