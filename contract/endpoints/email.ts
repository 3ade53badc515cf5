import { endpoint } from '../endpoint';
import {
  clickQuery,
  emailAnalyticsResponse,
  emailHistoryQuery,
  emailHistoryResponse,
  emailSettingsResponse,
  putEmailSettingsBody,
  retryFailedResponse,
  retryResponse,
  testConnectionResponse,
  testEmailBody,
  testEmailResponse,
} from '../email';

/** The endpoints served by adapters/http/routes/email.routes.ts. */
export const emailEndpoints = {
  getEmailSettings: endpoint({ method: 'get', path: '/email/settings', response: emailSettingsResponse }),
  putEmailSettings: endpoint({ method: 'put', path: '/email/settings', body: putEmailSettingsBody, response: emailSettingsResponse }),
  postEmailTestConnection: endpoint({ method: 'post', path: '/email/test-connection', response: testConnectionResponse }),
  postEmailTest: endpoint({ method: 'post', path: '/email/test', body: testEmailBody, response: testEmailResponse }),
  getEmailHistory: endpoint({ method: 'get', path: '/email/history', query: emailHistoryQuery, response: emailHistoryResponse }),
  postEmailHistoryByIdRetry: endpoint({ method: 'post', path: '/email/history/:id/retry', response: retryResponse }),
  postEmailRetryFailed: endpoint({ method: 'post', path: '/email/retry-failed', response: retryFailedResponse }),
  getEmailAnalytics: endpoint({ method: 'get', path: '/email/analytics', response: emailAnalyticsResponse }),
  getEmailOById: endpoint({ method: 'get', path: '/email/o/:id' }),
  getEmailCById: endpoint({ method: 'get', path: '/email/c/:id', query: clickQuery }),
};
