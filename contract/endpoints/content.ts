import { endpoint } from '../endpoint';
import { homeContentResponse, homeSectionSavedResponse, legalDocumentResponse, publishedLegalResponse, publishLegalDocumentBody } from '../content';

/** The endpoints served by adapters/http/routes/content.routes.ts. */
export const contentEndpoints = {
  getContentHome: endpoint({ method: 'get', path: '/content/home', response: homeContentResponse }),
  putContentHomeBySection: endpoint({ method: 'put', path: '/content/home/:section', response: homeSectionSavedResponse }),
  getContentTerms: endpoint({ method: 'get', path: '/content/terms', response: legalDocumentResponse }),
  postContentTerms: endpoint({ method: 'post', path: '/content/terms', body: publishLegalDocumentBody, response: publishedLegalResponse }),
  getContentPrivacy: endpoint({ method: 'get', path: '/content/privacy', response: legalDocumentResponse }),
  postContentPrivacy: endpoint({ method: 'post', path: '/content/privacy', body: publishLegalDocumentBody, response: publishedLegalResponse }),
};

/** Each legal document (LEGAL_DOCUMENTS) is read and published at its own path. */
export const legalDocumentEndpoints = {
  terms: { read: contentEndpoints.getContentTerms, publish: contentEndpoints.postContentTerms },
  privacy: { read: contentEndpoints.getContentPrivacy, publish: contentEndpoints.postContentPrivacy },
} as const;
