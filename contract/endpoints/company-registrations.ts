import { endpoint } from '../endpoint';
import {
  documentAddedResponse,
  registrationApplication,
  registrationApprovedResponse,
  registrationsQuery,
  registrationsResponse,
  rejectRegistrationBody,
  submitRegistrationBody,
} from '../company-registrations';
import { createdResponse, statusChangedResponse } from '../common';

/** The endpoints served by adapters/http/routes/company-registrations.routes.ts. */
export const companyRegistrationsEndpoints = {
  postCompanyRegistrations: endpoint({ method: 'post', path: '/company-registrations', body: registrationApplication, response: createdResponse }),
  postCompanyRegistrationsByIdDocuments: endpoint({ method: 'post', path: '/company-registrations/:id/documents', response: documentAddedResponse }),
  postCompanyRegistrationsByIdSubmit: endpoint({
    method: 'post',
    path: '/company-registrations/:id/submit',
    body: submitRegistrationBody,
    response: statusChangedResponse,
  }),
  getCompanyRegistrations: endpoint({ method: 'get', path: '/company-registrations', query: registrationsQuery, response: registrationsResponse }),
  getCompanyRegistrationsByIdDocumentsByDocumentId: endpoint({ method: 'get', path: '/company-registrations/:id/documents/:documentId' }),
  postCompanyRegistrationsByIdApprove: endpoint({ method: 'post', path: '/company-registrations/:id/approve', response: registrationApprovedResponse }),
  postCompanyRegistrationsByIdReject: endpoint({
    method: 'post',
    path: '/company-registrations/:id/reject',
    body: rejectRegistrationBody,
    response: statusChangedResponse,
  }),
};
