import { endpoint } from '../endpoint';
import {
  changeCollaboratorBody,
  collaboratorDeactivatedResponse,
  collaboratorsQuery,
  collaboratorsResponse,
  companyDetail,
  companyProfileBody,
  createCollaboratorBody,
  createCompanyBody,
  deactivateCollaboratorBody,
  importResult,
  memberInvitedResponse,
  memberRemovedResponse,
  teamInvitationBody,
  teamResponse,
} from '../companies';
import { createdResponse, revisionResponse } from '../common';
import { z } from 'zod';

/** The endpoints served by adapters/http/routes/companies.routes.ts. */
export const companiesEndpoints = {
  postCompanies: endpoint({ method: 'post', path: '/companies', body: createCompanyBody, response: createdResponse }),
  getCompaniesById: endpoint({ method: 'get', path: '/companies/:id', response: companyDetail }),
  patchCompaniesById: endpoint({ method: 'patch', path: '/companies/:id', body: companyProfileBody, response: companyDetail }),
  getCompaniesByIdMembers: endpoint({ method: 'get', path: '/companies/:id/members', response: teamResponse }),
  postCompaniesByIdMembers: endpoint({ method: 'post', path: '/companies/:id/members', body: teamInvitationBody, response: memberInvitedResponse }),
  deleteCompaniesByIdMembersByUserId: endpoint({ method: 'delete', path: '/companies/:id/members/:userId', response: memberRemovedResponse }),
  getCompaniesByIdCollaborators: endpoint({ method: 'get', path: '/companies/:id/collaborators', query: collaboratorsQuery, response: collaboratorsResponse }),
  postCompaniesByIdCollaborators: endpoint({ method: 'post', path: '/companies/:id/collaborators', body: createCollaboratorBody, response: createdResponse }),
  patchCollaboratorsById: endpoint({ method: 'patch', path: '/collaborators/:id', body: changeCollaboratorBody, response: revisionResponse }),
  postCollaboratorsByIdDeactivate: endpoint({
    method: 'post',
    path: '/collaborators/:id/deactivate',
    body: deactivateCollaboratorBody,
    response: collaboratorDeactivatedResponse,
  }),
  getCompaniesByIdCollaboratorsImportTemplate: endpoint({
    method: 'get',
    path: '/companies/:id/collaborators/import-template',
    query: z.strictObject({ format: z.enum(['csv', 'xlsx']).default('csv') }),
  }),
  postCompaniesByIdCollaboratorsImport: endpoint({ method: 'post', path: '/companies/:id/collaborators/import', response: createdResponse }),
  getCompaniesByIdCollaboratorsImportsByImportId: endpoint({ method: 'get', path: '/companies/:id/collaborators/imports/:importId', response: importResult }),
};
