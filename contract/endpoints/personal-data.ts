import { endpoint } from '../endpoint';
import {
  completeDataRequestBody,
  dataRequestDetailResponse,
  dataRequestsQuery,
  dataRequestsResponse,
  personalDataExportResponse,
  rejectDataRequestBody,
  submitDataRequestBody,
  verifyIdentityBody,
} from '../personal-data';
import { liftProcessingBlockBody, liftProcessingBlockResponse, myDataRequestsResponse, privacyChoicesBody, privacyView } from '../privacy';
import { createdResponse, statusChangedResponse } from '../common';

/** The endpoints served by adapters/http/routes/personal-data.routes.ts. */
export const personalDataEndpoints = {
  getMeDataExport: endpoint({ method: 'get', path: '/me/data-export', response: personalDataExportResponse }),
  getMeDataExportPdf: endpoint({ method: 'get', path: '/me/data-export.pdf' }),
  getMePrivacy: endpoint({ method: 'get', path: '/me/privacy', response: privacyView }),
  putMePrivacy: endpoint({ method: 'put', path: '/me/privacy', body: privacyChoicesBody, response: privacyView }),
  getMeDataRequests: endpoint({ method: 'get', path: '/me/data-requests', response: myDataRequestsResponse }),
  postMeDataRequests: endpoint({ method: 'post', path: '/me/data-requests', body: submitDataRequestBody, response: createdResponse }),
  getDataRequests: endpoint({ method: 'get', path: '/data-requests', query: dataRequestsQuery, response: dataRequestsResponse }),
  getDataRequestsById: endpoint({ method: 'get', path: '/data-requests/:id', response: dataRequestDetailResponse }),
  postDataRequestsByIdVerifyIdentity: endpoint({
    method: 'post',
    path: '/data-requests/:id/verify-identity',
    body: verifyIdentityBody,
    response: statusChangedResponse,
  }),
  postDataRequestsByIdComplete: endpoint({
    method: 'post',
    path: '/data-requests/:id/complete',
    body: completeDataRequestBody,
    response: statusChangedResponse,
  }),
  postDataRequestsByIdReject: endpoint({ method: 'post', path: '/data-requests/:id/reject', body: rejectDataRequestBody, response: statusChangedResponse }),
  postDataRequestsByIdLiftBlock: endpoint({
    method: 'post',
    path: '/data-requests/:id/lift-block',
    body: liftProcessingBlockBody,
    response: liftProcessingBlockResponse,
  }),
};
